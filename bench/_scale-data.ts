/**
 * Bulk data for the scale benchmark, generated inside PostgreSQL (INSERT … SELECT over
 * generate_series) so a million documents load in minutes. Everything derives from a row number
 * through hashint8, so a load is reproducible and can grow in steps (100k, then 1M) without
 * touching the rows already there.
 *
 * Shape of a municipality: 20 sectors (the demo's four plus sixteen), ~400 staff, documents of
 * every type spread over 2019 to today (drafts and signing rounds mostly recent, old ones signed),
 * signers (the sector's director numbers; the mayor numbers resolutions), notes delivered to
 * sectors, memos to people, cases with their signed CAEX cover, linked documents, transfers and
 * open assignments.
 */
import type { Db } from '../db/connection.js';
import { tenantDb, type Tenant, type Tx } from '../db/tenancy.js';

export interface ScaleSize {
  documents: number;
  cases: number;
}

const EXTRA_SECTORS: [string, string][] = [
  ['TRAN', 'Dirección de Tránsito'],
  ['CAT', 'Catastro'],
  ['COMP', 'Compras y Suministros'],
  ['RRHH', 'Recursos Humanos'],
  ['LYT', 'Legal y Técnica'],
  ['CULT', 'Cultura'],
  ['DEP', 'Deportes'],
  ['SAL', 'Salud'],
  ['ASOC', 'Acción Social'],
  ['AMB', 'Medio Ambiente'],
  ['SSPP', 'Servicios Públicos'],
  ['PLAN', 'Planeamiento Urbano'],
  ['TES', 'Tesorería'],
  ['CONT', 'Contaduría'],
  ['INSP', 'Inspección General'],
  ['TUR', 'Turismo'],
];

/** Share of documents per sector, in percent: the entry desk and public works write the most. */
const SECTOR_WEIGHTS: Record<string, number> = {
  MESA: 14,
  DOP: 10,
  RENT: 8,
  INTEN: 4,
  ...Object.fromEntries(EXTRA_SECTORS.map(([a]) => [a, 4])),
};

/** Share of non-cover documents per type, in percent. */
const TYPE_WEIGHTS: Record<string, number> = { INF: 38, NOTA: 16, DICT: 11, RESO: 9, MEMO: 8, PV: 15, IFRLM: 3 };

const FIRST = [
  'Ana',
  'Juan',
  'María',
  'Pedro',
  'Lucía',
  'Diego',
  'Sofía',
  'Martín',
  'Valeria',
  'Pablo',
  'Carla',
  'Tomás',
  'Inés',
  'Raúl',
  'Elena',
  'Hernán',
];
const LAST = [
  'García',
  'Rodríguez',
  'López',
  'Pérez',
  'Sánchez',
  'Romero',
  'Díaz',
  'Benítez',
  'Acuña',
  'Muñoz',
  'Ortiz',
  'Suárez',
  'Giménez',
  'Castro',
  'Ríos',
  'Peña',
];
const SUBJECTS = [
  'Solicitud de poda en',
  'Reclamo por bache en',
  'Habilitación de local en',
  'Permiso de obra en',
  'Inspección de veredas en',
  'Reparación de luminaria en',
  'Exención de tasas para vecino de',
  'Corte de calle en',
  'Conexión de agua en',
  'Limpieza de desagüe en',
  'Informe técnico sobre',
  'Dictamen sobre el uso de',
  'Resolución de pago de obras en',
  'Nota de la comisión vecinal de',
  'Relevamiento catastral de',
  'Señalización vial en',
  'Feria de artesanos en',
  'Plan de forestación en',
  'Denuncia por ruidos en',
  'Ampliación de red cloacal en',
];
const STREETS = [
  'calle Rivadavia',
  'calle Güemes',
  'avenida San Martín',
  'calle Belgrano',
  'calle Sarmiento',
  'avenida Mitre',
  'calle Moreno',
  'calle 9 de Julio',
  'avenida del Libertador',
  'calle Córdoba',
  'calle Entre Ríos',
  'calle Tucumán',
  'pasaje Álvarez Thomas',
  'calle Pueyrredón',
  'barrio Santa Rita',
  'barrio El Ombú',
  'plaza Almirante Brown',
  'calle Independencia',
  'calle Alberdi',
  'calle Lavalle',
  'calle Echeverría',
  'calle Castelli',
  'avenida Perón',
  'calle Urquiza',
  'barrio Los Aromos',
  'calle Maipú',
  'calle Junín',
  'calle Chacabuco',
  'calle Suipacha',
  'calle Pringles',
];
const FILLER =
  'Visto el expediente de referencia y el informe del área técnica competente, y considerando que se han cumplido los recaudos establecidos por la normativa vigente, corresponde dar curso a lo solicitado conforme a las constancias agregadas. ';

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (items: readonly string[]) => `array[${items.map(sqlText).join(', ')}]::text[]`;

/** `h(k)`: a non-negative pseudo-random bigint of the row number `i` and a salt `k`. */
const h = (k: number) => `abs(hashint8(i * 64 + ${k})::bigint)`;

/**
 * Per-transaction helpers: weighted sector slots (100), the staff of each sector (members and
 * director) and document types by weight.
 */
async function helpers(trx: Tx): Promise<void> {
  const slots = Object.entries(SECTOR_WEIGHTS).flatMap(([acronym, w]) => Array.from({ length: w }, () => acronym));
  await trx.raw(`
    create temp table bulk_pick on commit drop as
      select (n - 1)::int as slot, s.id as sector_id
      from unnest(${textArray(slots)}) with ordinality as x(acronym, n) join sectors s on s.acronym = x.acronym;
    create temp table bulk_staff on commit drop as
      select s.id as sector_id, s.acronym,
        array_agg(u.id order by u.id) filter (where p.is_primary) as members,
        (array_agg(u.id order by (u.role = 'director') desc, u.id) filter (where p.is_primary))[1] as director
      from sectors s join user_sector_permissions p on p.sector_id = s.id join users u on u.id = p.user_id
      group by s.id, s.acronym;
    create temp table bulk_types on commit drop as
      select (n - 1)::int as slot, t.id as type_id, t.acronym, t.number_prefix
      from unnest(${textArray(Object.entries(TYPE_WEIGHTS).flatMap(([a, w]) => Array.from({ length: w }, () => a)))}) with ordinality as x(acronym, n)
      join document_types t on t.acronym = x.acronym;
  `);
}

/** The twenty sectors and ~400 staff (idempotent). */
async function people(trx: Tx): Promise<void> {
  const departments = await trx('departments').orderBy('acronym').pluck<string[]>('id');
  await trx.raw(
    `insert into sectors (id, name, acronym, department_id)
     select md5('bulk-sector-' || x.acronym)::uuid, x.name, x.acronym, (?::uuid[])[1 + (x.n % ?)]
     from unnest(${textArray(EXTRA_SECTORS.map(([a]) => a))}, ${textArray(EXTRA_SECTORS.map(([, n]) => n))}) with ordinality as x(acronym, name, n)
     on conflict do nothing`,
    [departments, departments.length],
  );
  // 20 per sector; the first of each extra sector is its director.
  await trx.raw(`
    with s as (select id, acronym, row_number() over (order by acronym) as k from sectors),
    staff as (
      select md5('bulk-user-' || s.acronym || '-' || n)::uuid as id, s.id as sector_id, n, s.acronym,
        (${textArray(FIRST)})[1 + (hashint4(n * 7 + s.k::int) & 15)] || ' ' || (${textArray(LAST)})[1 + (hashint4(n * 13 + s.k::int) & 15)] as full_name
      from s cross join generate_series(1, 20) n
    )
    insert into users (id, full_name, email, role)
    select id, full_name, lower(acronym) || '.agente' || n || '@villaesperanza.gob.ar',
      case when n = 1 and acronym not in ('INTEN', 'MESA', 'DOP', 'RENT') then 'director' else 'empleado' end
    from staff on conflict do nothing;
    insert into user_sector_permissions (user_id, sector_id, can_view, can_edit, is_primary)
    select md5('bulk-user-' || s.acronym || '-' || n)::uuid, s.id, true, true, true
    from sectors s cross join generate_series(1, 20) n
    on conflict do nothing;
    -- One in ten also reads a neighbouring sector.
    insert into user_sector_permissions (user_id, sector_id, can_view, can_edit, is_primary)
    select md5('bulk-user-' || s.acronym || '-' || n)::uuid, o.id, true, false, false
    from sectors s cross join generate_series(1, 20) n
    join lateral (select id from sectors o where o.id <> s.id order by md5(o.acronym || n) limit 1) o on true
    where n % 10 = 3
    on conflict do nothing;
  `);
}

/** Timestamps over 2019-01-01 .. now, uniform; `k` salts the hash. */
const createdAt = (k: number) =>
  `timestamptz '2019-01-01 09:00:00-03' + ((${h(k)} % greatest(1, extract(epoch from now() - interval '1 hour' - timestamptz '2019-01-01 09:00:00-03')::bigint)) * interval '1 second')`;

/** Cases `from+1 .. to`, each with its creation movement and signed CAEX cover linked to it. */
async function cases(trx: Tx, from: number, to: number, municipality: string): Promise<void> {
  await trx.raw(`
    create temp table bulk_cases on commit drop as
    select i, md5('bulk-case-' || i)::uuid as id, md5('bulk-cover-' || i)::uuid as cover_id,
      p.sector_id, st.acronym, st.members[1 + (${h(3)} % cardinality(st.members))] as created_by,
      ${createdAt(2)} as created_at, ${h(4)} as r
    from generate_series(${from + 1}::bigint, ${to}::bigint) i
    join bulk_pick p on p.slot = ${h(1)} % 100
    join bulk_staff st on st.sector_id = p.sector_id;

    insert into cases (id, case_number, reference, status, template_id, owner_sector_id, created_by, created_at, last_modified_at)
    select c.id,
      'EX-' || extract(year from c.created_at)::int || '-' || lpad(c.i::text, 8, '0') || '-${municipality}-' || c.acronym,
      (${textArray(SUBJECTS)})[1 + c.r % ${SUBJECTS.length}] || ' ' || (${textArray(STREETS)})[1 + (c.r / 100) % ${STREETS.length}] || ' ' || (c.r / 10000) % 5000,
      case when c.created_at < now() - interval '2 years' then (array['archived', 'archived', 'inactive', 'active'])[1 + c.r % 4]
           else (array['active', 'active', 'active', 'inactive'])[1 + c.r % 4] end,
      (select id from case_templates order by acronym offset c.r % 4 limit 1),
      c.sector_id, c.created_by, c.created_at, c.created_at + interval '3 days'
    from bulk_cases c;

    insert into case_movements (case_id, movement_type, from_sector_id, to_sector_id, reason, created_by, created_at, case_created_at)
    select id, 'creation', null, sector_id, 'Creación del expediente', created_by, created_at, created_at from bulk_cases;

    insert into documents (id, document_type_id, reference, content, status, official_number, case_id, sector_id, created_by,
      sent_to_sign_at, signed_at, numbered_at, signing_round, source_key, created_at, updated_at)
    select c.cover_id, t.id, 'Carátula ' || cs.case_number, '<p>Carátula del expediente ' || cs.case_number || '</p>', 'signed',
      'CAEX-' || extract(year from c.created_at)::int || '-' || lpad((50000000 + c.i)::text, 8, '0') || '-${municipality}-' || c.acronym,
      c.id, c.sector_id, c.created_by, c.created_at, c.created_at + interval '1 minute', c.created_at + interval '1 minute', 1, 'cover',
      c.created_at, c.created_at + interval '1 minute'
    from bulk_cases c join cases cs on cs.id = c.id join document_types t on t.acronym = 'CAEX';

    insert into document_signers (document_id, user_id, position, is_numerator, status, signed_at)
    select cover_id, created_by, 1, true, 'signed', created_at + interval '1 minute' from bulk_cases;
    insert into case_documents (case_id, document_id, linked_by, linked_at)
    select id, cover_id, created_by, created_at + interval '1 minute' from bulk_cases;

    -- One in five was transferred to another sector (it owns the case now); one in twenty has an open assignment.
    create temp table bulk_moves on commit drop as
    select c.id, c.sector_id, c.created_by, c.created_at, c.r,
      (select sector_id from bulk_pick where slot = (c.r / 7) % 100) as other
    from bulk_cases c;
    update cases set owner_sector_id = m.other, last_modified_at = m.created_at + interval '10 days'
    from bulk_moves m where cases.id = m.id and m.r % 5 = 0 and m.other <> m.sector_id;
    insert into case_movements (case_id, movement_type, from_sector_id, to_sector_id, reason, created_by, created_at, case_created_at)
    select id, 'transfer', sector_id, other, 'Pase para su intervención', created_by, created_at + interval '10 days', created_at
    from bulk_moves where r % 5 = 0 and other <> sector_id;
    -- Open assignments are tasks on cases still being worked on: active ones only.
    insert into case_movements (case_id, movement_type, from_sector_id, to_sector_id, reason, status, created_by, created_at, case_created_at)
    select m.id, 'assignment', m.sector_id, m.other, 'Para informe técnico', 'active', m.created_by, m.created_at + interval '12 days', m.created_at
    from bulk_moves m join cases c on c.id = m.id where m.r % 20 = 7 and m.other <> m.sector_id and c.status = 'active';
  `);
}

/** Documents `from+1 .. to` (not covers), their signers, deliveries and case links. */
async function documents(trx: Tx, from: number, to: number, totalCases: number, municipality: string): Promise<void> {
  await trx.raw(`
    create temp table bulk_docs on commit drop as
    select g.*,
      -- Drafts and signing rounds are recent; older documents were mostly signed (some drafts abandoned).
      case
        when g.age < interval '14 days' then (array['draft', 'draft', 'sent_to_sign', 'sent_to_sign', 'sent_to_sign', 'signed', 'signed', 'rejected'])[1 + g.r % 8]
        when g.age < interval '60 days' then (array['draft', 'signed', 'signed', 'signed', 'signed', 'signed', 'sent_to_sign', 'rejected'])[1 + g.r % 8]
        else (array['signed', 'signed', 'signed', 'signed', 'signed', 'signed', 'signed', 'signed', 'draft', 'draft', 'draft', 'signed', 'signed', 'signed', 'signed', 'signed', 'signed', 'signed', 'signed', 'rejected'])[1 + g.r % 20]
      end as status
    from (
      select i, md5('bulk-doc-' || i)::uuid as id, p.sector_id, st.acronym as sector_acronym, st.members, st.director,
        st.members[1 + (${h(3)} % cardinality(st.members))] as created_by,
        t.type_id, t.acronym as type_acronym, t.number_prefix,
        ${createdAt(2)} as created_at, now() - (${createdAt(2)}) as age,
        ${h(5)} as r, ${h(6)} as r2, ${h(7)} as r3
      from generate_series(${from + 1}::bigint, ${to}::bigint) i
      join bulk_pick p on p.slot = ${h(1)} % 100
      join bulk_staff st on st.sector_id = p.sector_id
      join bulk_types t on t.slot = ${h(4)} % 100
    ) g;

    insert into documents (id, document_type_id, reference, content, status, official_number, case_id, sector_id, created_by,
      sent_to_sign_at, signed_at, numbered_at, signing_round, rejected_by, rejection_reason, rejected_at, deleted_at, created_at, updated_at)
    select d.id, d.type_id,
      (${textArray(SUBJECTS)})[1 + d.r2 % ${SUBJECTS.length}] || ' ' || (${textArray(STREETS)})[1 + (d.r2 / 100) % ${STREETS.length}] || ' ' || (d.r2 / 10000) % 5000,
      '<p>' || ${sqlText(FILLER)} || '</p><p>' || ${sqlText(FILLER)} || '</p>',
      d.status,
      case when d.status = 'signed' then d.number_prefix || '-' || extract(year from d.created_at + interval '2 days')::int || '-' || lpad(d.i::text, 8, '0') || '-${municipality}-' || d.sector_acronym end,
      -- One in ten non-note documents was written inside a case.
      case when d.r3 % 10 = 0 and d.type_acronym not in ('NOTA', 'MEMO') and ${totalCases} > 0 then md5('bulk-case-' || (1 + d.r3 / 10 % ${Math.max(totalCases, 1)}))::uuid end,
      d.sector_id, d.created_by,
      case when d.status <> 'draft' then d.created_at + interval '1 day' end,
      case when d.status = 'signed' then d.created_at + interval '2 days' end,
      case when d.status = 'signed' then d.created_at + interval '2 days' end,
      case when d.status = 'draft' then 0 else 1 end,
      case when d.status = 'rejected' then d.director end,
      case when d.status = 'rejected' then 'Corregir los datos del solicitante' end,
      case when d.status = 'rejected' then d.created_at + interval '2 days' end,
      case when d.status = 'draft' and d.r3 % 50 = 1 then d.created_at + interval '5 days' end,
      d.created_at,
      d.created_at + case when d.status = 'draft' then interval '1 hour' else interval '2 days' end
    from bulk_docs d;

    -- Signers: up to two common signers of the sector, then the numerator (the mayor for resolutions).
    create temp table bulk_signers on commit drop as
    select d.id as document_id, d.status, d.created_at, d.r, d.created_by,
      case when d.type_acronym = 'RESO' then (select director from bulk_staff where acronym = 'INTEN') else d.director end as numerator,
      d.members[1 + (d.r / 3) % cardinality(d.members)] as common1,
      case when d.r % 3 = 2 then d.members[1 + (d.r / 7) % cardinality(d.members)] end as common2
    from bulk_docs d
    where d.status <> 'draft' or d.r % 3 = 0;

    insert into document_signers (document_id, user_id, position, is_numerator, status, signed_at)
    select s.document_id, x.user_id, x.position, x.is_numerator,
      case
        when s.status = 'signed' then 'signed'
        when s.status = 'rejected' and x.is_numerator then 'rejected'
        when s.status = 'sent_to_sign' and not x.is_numerator and (s.r / 11) % 2 = 0 then 'signed'
        else 'pending'
      end,
      case when s.status = 'signed' or (s.status = 'sent_to_sign' and not x.is_numerator and (s.r / 11) % 2 = 0) then s.created_at + interval '1 day' end
    from bulk_signers s
    cross join lateral (values (s.common1, 1, false), (s.common2, 2, false), (s.numerator, 3, true)) as x(user_id, position, is_numerator)
    where x.user_id is not null and (x.is_numerator or x.user_id <> s.numerator)
    on conflict do nothing;

    -- Signed notes reach one or two other sectors; signed memos one or two people.
    insert into note_recipients (document_id, sector_id, recipient_kind, delivered_at)
    select d.id, p.sector_id, case when k = 1 then 'to' else 'cc' end, d.created_at + interval '2 days'
    from bulk_docs d cross join generate_series(1, 2) k
    join bulk_pick p on p.slot = (d.r2 / (7 * k)) % 100
    where d.type_acronym = 'NOTA' and d.status = 'signed' and (k = 1 or d.r2 % 2 = 0) and p.sector_id <> d.sector_id
    on conflict do nothing;
    insert into memo_recipients (document_id, recipient_user_id, sender_user_id, recipient_type, sender_sector_id, created_at)
    select d.id, st.members[1 + (d.r2 / (11 * k)) % cardinality(st.members)], d.created_by, case when k = 1 then 'TO' else 'CC' end, d.sector_id, d.created_at + interval '2 days'
    from bulk_docs d cross join generate_series(1, 2) k
    join bulk_pick p on p.slot = (d.r2 / (13 * k)) % 100
    join bulk_staff st on st.sector_id = p.sector_id
    where d.type_acronym = 'MEMO' and d.status = 'signed' and (k = 1 or d.r2 % 3 = 0)
    on conflict do nothing;

    -- Signed documents join cases: the one they were written in, and every third one some other case.
    insert into case_documents (case_id, document_id, linked_by, linked_at)
    select dd.case_id, dd.id, dd.created_by, dd.signed_at from documents dd join bulk_docs d on d.id = dd.id
    where dd.status = 'signed' and dd.case_id is not null
    on conflict do nothing;
    insert into case_documents (case_id, document_id, linked_by, linked_at)
    select md5('bulk-case-' || (1 + (d.r3 / 1000) % ${Math.max(totalCases, 1)}))::uuid, d.id, d.created_by, d.created_at + interval '3 days'
    from bulk_docs d where d.status = 'signed' and d.r3 % 3 = 1 and ${totalCases} > 0
    on conflict do nothing;
  `);
}

const BATCH = 100_000;

/**
 * A batch as a bulk import runs it: triggers (and foreign-key checks) off while rows go in, then
 * document_access written once for the batch's documents by the same function the triggers call.
 * Turning triggers off takes a superuser, which the throwaway benchmark databases are run by.
 */
async function bulkBatch(trx: Tx, load: () => Promise<void>, documentIds: string): Promise<void> {
  await trx.raw('set local session_replication_role = replica');
  await helpers(trx);
  await load();
  await trx.raw(`select refresh_document_access(array(${documentIds}), false)`);
}

/**
 * Grows the tenant's bulk data from `from` to `to` (documents count the case covers). Batches of
 * 100k rows, each its own transaction; `progress` hears about each one.
 */
export async function growScaleData(
  db: Db,
  tenant: Tenant,
  from: ScaleSize,
  to: ScaleSize,
  progress: (line: string) => void = () => undefined,
): Promise<void> {
  const scoped = tenantDb(db, tenant);
  if (from.documents === 0) await scoped.transaction((trx) => people(trx));
  for (let start = from.cases; start < to.cases; start += BATCH) {
    const end = Math.min(to.cases, start + BATCH);
    await scoped.transaction((trx) =>
      bulkBatch(trx, () => cases(trx, start, end, tenant.municipalityCode), 'select cover_id from bulk_cases'),
    );
    progress(`cases ${end.toLocaleString('en')}`);
  }
  const firstDoc = from.documents - from.cases;
  const lastDoc = to.documents - to.cases;
  for (let start = firstDoc; start < lastDoc; start += BATCH) {
    const end = Math.min(lastDoc, start + BATCH);
    await scoped.transaction((trx) =>
      bulkBatch(trx, () => documents(trx, start, end, to.cases, tenant.municipalityCode), 'select id from bulk_docs'),
    );
    progress(`documents ${(end + to.cases).toLocaleString('en')}`);
  }
}
