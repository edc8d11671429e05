/**
 * `npm run bench:records`: finding records in a registry of 100,000, over HTTP against the real
 * stack. Bulk-loads records of the three demo families (ARQ architects, LUM street lights, ORD
 * ordinances) into the demo tenant inside PostgreSQL (INSERT … SELECT over generate_series, every
 * value derived from the row number through hashint8, so a load is reproducible), with numbers
 * taken from each family's RLM counter, which is moved past them so later creations go on from
 * there. Then, as one demo user who views the three families:
 *
 *   each line   p50/p95 of sequential requests (after a warm-up): integration search by number
 *               and by a rare and a common word, backend autocomplete, backend list by family and
 *               state (first and deep page)
 *   slowest     EXPLAIN (ANALYZE, BUFFERS) of the slowest statement of the slowest line
 *
 * Target: p95 ≤ 20 ms on every line. Exits 1 when one is missed.
 */
import type { Knex } from 'knex';
import type { Db } from '../db/connection.js';
import { quoteIdent } from '../db/identifiers.js';
import { demoId } from '../db/seed/demo-data.js';
import { tenantDb, type Tenant } from '../db/tenancy.js';
import { RECORD_NUMBER_KIND } from '../domain/records/index.js';
import { emptyEntry } from '../domain/records/schema.js';
import { formatNumber, yearIn } from '../domain/numbering.js';
import { expect, startPlatform, user, type Platform } from './_platform.js';
import { getLine, slowestStatement, timeLine, type Line } from './_lines.js';
import { fmt } from './_stats.js';

const TARGET_MS = 20;
const RECORDS = Number(process.env.RECORDS_COUNT ?? 100_000);
const RUNS = Number(process.env.RECORDS_RUNS ?? 200);

/** Edits Obras Particulares and reads Mesa de Entradas: she views ARQ, LUM and ORD. */
const CALLER = 'directora-obras';

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
  'Gabriela',
  'Federico',
  'Florencia',
  'Santiago',
  'Julieta',
  'Nicolás',
  'Camila',
  'Gustavo',
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
  'Fernández',
  'Gómez',
  'Martínez',
  'Álvarez',
  'Sosa',
  'Torres',
  'Ramírez',
  'Flores',
  'Medina',
  'Herrera',
  'Aguirre',
  'Molina',
  'Cabrera',
  'Ledesma',
  'Vega',
  'Quiroga',
];
/** Surnames of one architect in five hundred: the rare words. */
const RARE_LAST = [
  'Zubizarreta',
  'Etchegaray',
  'Iturraspe',
  'Olaechea',
  'Goicoechea',
  'Arrospide',
  'Urrutibehety',
  'Larrechea',
];
const UNIVERSITIES = [
  'Rosario',
  'La Plata',
  'Córdoba',
  'Buenos Aires',
  'Tucumán',
  'Cuyo',
  'del Litoral',
  'Mar del Plata',
];
/** Title and specialty (a select option of ARQ) go together. */
const TITLES = [
  ['Arquitecto', 'Arquitectura'],
  ['Arquitecta', 'Arquitectura'],
  ['Ingeniero civil', 'Ingeniería civil'],
  ['Ingeniera civil', 'Ingeniería civil'],
  ['Maestro mayor de obras', 'Maestro mayor de obras'],
  ['Arquitecto', 'Arquitectura'],
];
/** Streets; the first ones (the main streets) come up more often. */
const STREETS = [
  'Rivadavia',
  'San Martín',
  'Belgrano',
  'Mitre',
  'Sarmiento',
  'Güemes',
  'Moreno',
  '9 de Julio',
  'Córdoba',
  'Entre Ríos',
  'Tucumán',
  'Pueyrredón',
  'Independencia',
  'Alberdi',
  'Lavalle',
  'Echeverría',
  'Castelli',
  'Urquiza',
  'Maipú',
  'Junín',
  'Chacabuco',
  'Suipacha',
  'Pringles',
  'Av. del Libertador',
  'Av. Perón',
  'pasaje Álvarez Thomas',
  'Colón',
  'Laprida',
  'Brown',
  'Dorrego',
  'Paraguay',
  'Catamarca',
  'Saavedra',
  'Necochea',
  'Avellaneda',
  'Balcarce',
];
const ORDINANCES = [
  'Autorízase al Departamento Ejecutivo a pavimentar la calle',
  'Apruébase el convenio de alumbrado público para la calle',
  'Declárase de interés municipal la feria de artesanos de la calle',
  'Modifícase el sentido de circulación de la calle',
  'Impónese el nombre de Malvinas Argentinas a la plazoleta de la calle',
  'Fíjase la tasa por servicios de recolección para los frentistas de la calle',
  'Condónase la deuda por contribución de mejoras de los vecinos de la calle',
  'Créase el registro de comercios de la calle',
  'Prohíbese el estacionamiento en ambas manos de la calle',
  'Apruébase la obra de desagües pluviales de la calle',
];

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (items: readonly string[]) => `array[${items.map(sqlText).join(', ')}]::text[]`;
/** `h(k)`: a non-negative pseudo-random bigint of the row number `i` and a salt `k`. */
const h = (k: number) => `abs(hashint8(i * 64 + ${k})::bigint)`;
/** An index into a list of `n` skewed towards its start (share of item k ∝ roughly 1/(k+1)). */
const skewed = (k: number, n: number) =>
  `least(${n - 1}, floor(exp(ln(${n + 1}) * (${h(k)} % 1000000) / 1000000.0)) - 1)::int`;

/**
 * Records 1..count in one transaction: 20% ARQ, 60% LUM, 20% ORD, created over 2015-01-01 .. now,
 * each with a complete entry per schema field (emptyEntry's keys) and its 'created' history entry.
 */
async function loadRecords(db: Db, tenant: Tenant, count: number, timeZone: string): Promise<void> {
  const family = (code: string) => sqlText(demoId('registry-family', code));
  const dop = sqlText(demoId('sector', 'DOP'));
  const inten = sqlText(demoId('sector', 'INTEN'));
  const entry = (value: string, extra = '') =>
    `(${sqlText(JSON.stringify(emptyEntry()))}::jsonb || jsonb_build_object('value', ${value}${extra}))`;
  const tz = sqlText(timeZone);
  const kind = sqlText(RECORD_NUMBER_KIND);
  const by = (key: string) => `${sqlText(user(key))}::uuid`;
  await tenantDb(db, tenant).transaction(async (trx) => {
    // The bench stack commits asynchronously; VACUUM marks a page all-visible only once its rows'
    // commit is flushed, so this one commit waits for its flush (else the VACUUM just after it
    // leaves the visibility map empty and every index-only scan visits the heap).
    await trx.raw('set local synchronous_commit = on');
    // One script, no bindings: every value above is a literal built here.
    await trx.raw(`
      create temp table bulk_records on commit drop as
      select g.*,
        ${sqlText(tenant.municipalityCode)} as municipality,
        extract(year from g.created_at at time zone ${tz})::int as year
      from (
        select i,
          case when ${h(1)} % 10 < 2 then 'ARQ' when ${h(1)} % 10 < 8 then 'LUM' else 'ORD' end as code,
          timestamptz '2015-01-01 09:00:00-03'
            + ((${h(2)} % extract(epoch from now() - interval '1 hour' - timestamptz '2015-01-01 09:00:00-03')::bigint) * interval '1 second') as created_at,
          ${h(3)} as r, ${h(4)} as r2, ${h(5)} as r3,
          ${skewed(6, STREETS.length)} as street
        from generate_series(1, ${Math.floor(count)}::bigint) i
      ) g;

      -- Each family's numbers go on from its counter, by creation date within the year.
      create temp table bulk_numbered on commit drop as
      select b.*,
        coalesce(c.last_value, 0) + row_number() over (partition by b.code, b.year order by b.created_at, b.i) as seq,
        row_number() over (partition by b.code order by b.created_at, b.i) as nth
      from bulk_records b
      left join number_counters c on c.kind = ${kind} and c.year = b.year and c.scope = b.code;

      create temp table bulk_rows on commit drop as
      select n.*,
        'RLM-' || n.year || '-' || lpad(n.seq::text, 8, '0') || '-' || n.municipality || '-' || n.code as record_number,
        (${textArray(STREETS)})[1 + n.street] || ' ' || (100 + n.r2 % 4900) as address,
        (${textArray(FIRST)})[1 + n.r % ${FIRST.length}] || ' ' ||
          case when n.r3 % 500 = 0 then (${textArray(RARE_LAST)})[1 + (n.r3 / 500) % ${RARE_LAST.length}]
               else (${textArray(LAST)})[1 + (n.r / 100) % ${LAST.length}] end || ' ' ||
          (${textArray(LAST)})[1 + (n.r / 10000) % ${LAST.length}] as person,
        (n.created_at at time zone ${tz})::date as day,
        case when n.r3 % 10 < 7 then ((n.created_at at time zone ${tz})::date + (365 + n.r2 % 1100)::int) end as expires
      from bulk_numbered n;

      insert into records (record_number, family_id, display_name, state, data, resume, next_expiration, created_by, created_sector_id, created_at, updated_at)
      select b.record_number,
        case b.code when 'ARQ' then ${family('ARQ')}::uuid when 'LUM' then ${family('LUM')}::uuid else ${family('ORD')}::uuid end,
        case b.code
          when 'ARQ' then b.person
          when 'LUM' then 'Luminaria ' || b.address
          else 'Ordenanza N° ' || (1000 + b.nth) || '/' || b.year
        end,
        case b.code
          when 'ARQ' then (array['Activo', 'Activo', 'Activo', 'Activo', 'Activo', 'Activo', 'Activo', 'Inactivo', 'Suspendido', 'Archivado'])[1 + b.r2 % 10]
          when 'LUM' then (array['Activo', 'Activo', 'Activo', 'Activo', 'Activo', 'Activo', 'Activo', 'Activo', 'En reparación', 'Inactivo', 'Archivado'])[1 + b.r2 % 11]
          else (array['Vigente', 'Vigente', 'Vigente', 'Derogada', 'Archivado'])[1 + b.r2 % 5]
        end,
        case b.code
          when 'ARQ' then jsonb_build_object(
            'matricula', ${entry(`'MP ' || (10000 + b.nth)`)},
            'titulo', ${entry(`(${textArray(TITLES.map((t) => t[0]!))})[1 + b.r % ${TITLES.length}] || ', Universidad Nacional de ' || (${textArray(UNIVERSITIES)})[1 + b.r2 % ${UNIVERSITIES.length}]`)},
            'seguro', ${entry('null', `, 'expiration_date', to_char(b.expires, 'YYYY-MM-DD')`)},
            'especialidad', ${entry(`(${textArray(TITLES.map((t) => t[1]!))})[1 + b.r % ${TITLES.length}]`)},
            'telefono', ${entry(`'0341 15-' || lpad((b.r3 % 10000000)::text, 7, '0')`)})
          when 'LUM' then jsonb_build_object(
            'ubicacion', ${entry('b.address')},
            'potencia', ${entry(`(array[70, 100, 150, 250, 400])[1 + b.r % 5]`)},
            'estado', ${entry(`(array['Funcionando', 'Funcionando', 'Funcionando', 'Funcionando', 'Funcionando', 'Funcionando', 'Funcionando', 'Funcionando', 'Apagada', 'Dañada'])[1 + b.r3 % 10]`)},
            'fecha_instalacion', ${entry(`to_char(b.day, 'YYYY-MM-DD')`)},
            'led', ${entry('b.year >= 2019 or b.r % 4 = 0')},
            'certificado', ${entry('null', `, 'expiration_date', to_char(b.expires, 'YYYY-MM-DD')`)})
          else jsonb_build_object(
            'numero', ${entry('1000 + b.nth')},
            'fecha_sancion', ${entry(`to_char(b.day, 'YYYY-MM-DD')`)},
            'texto', ${entry(`(${textArray(ORDINANCES)})[1 + b.r % ${ORDINANCES.length}] || ' ' || (${textArray(STREETS)})[1 + b.street]`)},
            'documento', ${entry('null')})
        end,
        null,
        case when b.code <> 'ORD' then b.expires end,
        case when b.code = 'ORD' then ${by('intendente')} when b.r % 3 = 0 then ${by('directora-obras')} else ${by('agente-obras')} end,
        case when b.code = 'ORD' then ${inten}::uuid else ${dop}::uuid end,
        b.created_at,
        b.created_at + (b.r2 % 200) * interval '1 day'
      -- In creation order, as years of daily use would have written them.
      from bulk_rows b order by b.created_at, b.i;

      insert into record_history (record_id, action, after_value, user_id, user_name, sector_name, created_at)
      select r.id, 'created',
        jsonb_build_object('record_number', r.record_number, 'display_name', r.display_name, 'state', r.state,
          'data', (select jsonb_object_agg(e.key, jsonb_build_object('value', e.value -> 'value')) from jsonb_each(r.data) e where e.value -> 'value' <> 'null')),
        r.created_by, u.full_name, s.name, r.created_at
      from records r join bulk_rows b on b.record_number = r.record_number
      join users u on u.id = r.created_by join sectors s on s.id = r.created_sector_id;

      insert into number_counters (kind, year, scope, last_value)
      select ${kind}, year, code, max(seq) from bulk_numbered group by year, code
      on conflict (kind, year, scope) do update set last_value = greatest(number_counters.last_value, excluded.last_value), updated_at = now();
    `);
  });
}

interface Result {
  line: Line;
  p50: number;
  p95: number;
  answered: string;
}

/** What a line answered, for the table: its total (~ when estimated) or how many rows. */
function answeredOf(body: any): string {
  const data = body?.data ?? body;
  const rows = data?.records?.length ?? 0;
  if (data?.total_exact !== undefined)
    return `${data.total.toLocaleString('en')}${data.total_exact ? '' : ' ~'} (${rows} rows)`;
  return `${rows} rows`;
}

async function measure(p: Platform, line: Line): Promise<Result> {
  const t = await timeLine(p, line, CALLER, RUNS, 5);
  return { line, p50: t.p50, p95: t.p95, answered: answeredOf(t.body) };
}

const q = encodeURIComponent;
const p = await startPlatform();
let failed = false;
try {
  const { db, demoTenant } = p.stack;
  const started = performance.now();
  await loadRecords(db, demoTenant, RECORDS, p.stack.services.timeZone);
  const loadedIn = (performance.now() - started) / 1000;
  // What autovacuum would have done by the time a registry this size is searched (ANALYZE for the
  // planner, VACUUM for the visibility map that index-only counts read).
  const schema = quoteIdent(demoTenant.schema);
  await db.raw(`vacuum analyze ${schema}.records, ${schema}.record_history, ${schema}.number_counters`);
  console.log(
    `loaded ${RECORDS.toLocaleString('en')} records in ${fmt(loadedIn, 0)} s (+ vacuum analyze ${fmt((performance.now() - started) / 1000 - loadedIn, 0)} s)`,
  );
  const visibility = await db.raw<{ rows: { relpages: number; relallvisible: number }[] }>(
    `select relpages, relallvisible from pg_class where oid = '${schema}.records'::regclass`,
  );
  const pages = visibility.rows[0]!;
  console.log(
    `records: ${pages.relallvisible.toLocaleString('en')} of ${pages.relpages.toLocaleString('en')} pages all-visible (index-only scans skip the heap there)`,
  );

  const sample = await tenantDb(db, demoTenant).transaction(async (trx) => {
    const byFamily = await trx('records as r')
      .join('registry_families as f', 'f.id', 'r.family_id')
      .groupBy('f.code', 'r.state')
      .select<{ code: string; state: string; n: number }[]>('f.code', 'r.state', trx.raw('count(*)::int as n'));
    const counters = await trx('number_counters')
      .where('kind', RECORD_NUMBER_KIND)
      .orderBy(['scope', 'year'])
      .select<{ scope: string; year: number; last_value: string }[]>('scope', 'year', 'last_value');
    const mid = await trx('records')
      .orderBy('created_at', 'desc')
      .offset(Math.floor(RECORDS / 2))
      .first<{ record_number: string }>('record_number');
    const architect = await trx('records as r')
      .join('registry_families as f', 'f.id', 'r.family_id')
      .where('f.code', 'ARQ')
      .orderBy('r.created_at', 'desc')
      .offset(100)
      .first<{ display_name: string }>('r.display_name');
    const rare = await trx('records')
      .whereRaw('search_text like ?', [`%${RARE_LAST[0]}%`])
      .count<{ n: string }[]>('* as n');
    const common = await trx('records')
      .whereRaw('search_text like ?', ['%Rivadavia%'])
      .count<{ n: string }[]>('* as n');
    return {
      byFamily,
      counters,
      number: mid!.record_number,
      prefix: architect!.display_name.split(' ').slice(0, 2).join(' '),
      rare: Number(rare[0]!.n),
      common: Number(common[0]!.n),
    };
  });
  for (const code of ['ARQ', 'LUM', 'ORD']) {
    const states = sample.byFamily.filter((r) => r.code === code);
    console.log(
      `  ${code} ${states.reduce((s, r) => s + r.n, 0).toLocaleString('en')}: ${states.map((r) => `${r.state} ${r.n.toLocaleString('en')}`).join(', ')}`,
    );
  }
  const current = sample.counters.filter((c) => c.year === Math.max(...sample.counters.map((x) => x.year)));
  console.log(`  RLM counters this year: ${current.map((c) => `${c.scope} ${c.last_value}`).join(', ')}`);
  console.log(`  "${RARE_LAST[0]}" in ${sample.rare} records, "Rivadavia" in ${sample.common.toLocaleString('en')}`);

  const activeArq = sample.byFamily.find((r) => r.code === 'ARQ' && r.state === 'Activo')!.n;
  const deepPage = Math.max(1, Math.floor((activeArq / 10) * 0.9));
  const lines: Line[] = [
    { name: 'search by record number', path: `/api/v1/records/search?search=${q(sample.number)}` },
    { name: `search rare word "${RARE_LAST[0]}"`, path: `/api/v1/records/search?search=${q(RARE_LAST[0]!)}` },
    { name: 'search common word "Rivadavia"', path: '/api/v1/records/search?search=Rivadavia' },
    { name: 'autocomplete "ri" (2 letters)', path: '/api/v1/records/autocomplete?q=ri', backend: true },
    { name: 'autocomplete "gue" (3 letters)', path: '/api/v1/records/autocomplete?q=gue', backend: true },
    {
      name: `autocomplete "${sample.prefix}"`,
      path: `/api/v1/records/autocomplete?q=${q(sample.prefix)}`,
      backend: true,
    },
    { name: 'list ARQ Activo, first page', path: `/api/v1/records?registry=ARQ&state=${q('Activo')}`, backend: true },
    {
      name: `list ARQ Activo, deep page ${deepPage}`,
      path: `/api/v1/records?registry=ARQ&state=${q('Activo')}&page=${deepPage}`,
      backend: true,
    },
    {
      name: 'list ARQ Suspendido, first page',
      path: `/api/v1/records?registry=ARQ&state=${q('Suspendido')}`,
      backend: true,
    },
  ];
  const results: Result[] = [];
  for (const line of lines) results.push(await measure(p, line));

  console.log(
    `\n${RECORDS.toLocaleString('en')} records (as ${CALLER}; ${RUNS} requests per line; ~ = estimated total)`,
  );
  console.log(
    `  ${'line'.padEnd(44)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)}  ${'answered'.padEnd(22)} target p95 ≤ ${TARGET_MS} ms`,
  );
  for (const r of results) {
    console.log(
      `  ${r.line.name.padEnd(44)} ${fmt(r.p50).padStart(7)} ${fmt(r.p95).padStart(7)}  ${r.answered.padEnd(22)} ${r.p95 <= TARGET_MS ? 'met' : 'MISSED'}`,
    );
  }
  failed = results.some((r) => r.p95 > TARGET_MS);

  // The next record created the ordinary way takes the number after the loaded ones.
  const year = yearIn(p.stack.services.timeZone);
  const last = sample.counters.find((c) => c.scope === 'ARQ' && c.year === year);
  const created = expect(
    await p.call('POST', '/api/v1/records', CALLER, {
      registry_code: 'ARQ',
      display_name: 'Paula Etchart Romero',
      data: { matricula: 'MP 99001' },
    }),
    200,
  );
  const expected = formatNumber(
    RECORD_NUMBER_KIND,
    year,
    Number(last?.last_value ?? 0) + 1,
    demoTenant.municipalityCode,
    'ARQ',
  );
  if (created.record_number !== expected)
    throw new Error(`a new ARQ record got ${created.record_number}, expected ${expected}`);
  console.log(`\nnext ARQ record created through the API: ${created.record_number} (follows the loaded ones)`);

  // The slowest statement of the slowest line, as knex sent it, explained on the loaded database.
  const slowest = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  const statement = await slowestStatement(db, async () => {
    await getLine(p, slowest.line, CALLER);
  });
  console.log(
    `\nslowest line: ${slowest.line.name} (p95 ${fmt(slowest.p95)} ms); its slowest statement (${fmt(statement.ms)} ms):`,
  );
  console.log(`  ${statement.sql}\n  bindings: ${JSON.stringify(statement.bindings)}`);
  const plan = await tenantDb(db, demoTenant).transaction((trx) =>
    trx.raw(
      `explain (analyze, buffers) ${statement.sql.replace(/\$\d+/g, '?')}`,
      statement.bindings as Knex.RawBinding[],
    ),
  );
  console.log(plan.rows.map((r: Record<string, string>) => `  ${r['QUERY PLAN']}`).join('\n'));
  console.log(`\ntarget: p95 ≤ ${TARGET_MS} ms on every line → ${failed ? 'MISSED' : 'met'}`);
} finally {
  await p.stop();
}
process.exit(failed ? 1 : 0);
