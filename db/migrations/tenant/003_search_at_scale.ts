/**
 * Lists and searches that stay flat as a municipality grows to millions of documents.
 *
 * `document_access` has one row per (document, key that may see it): its sector, the owner sector
 * of each case it is linked to, each sector a note was delivered to, its creator, its signers and
 * its memo recipients — the visibility rule of domain/documents/access.ts, written down. With the
 * document's status, type and dates next to the key, a user's documents are a handful of index
 * ranges already in newest-first order, so a page or a bounded count reads only index entries.
 * Triggers keep the rows in step with every table the rule reads.
 *
 * pg_trgm serves ILIKE '%…%' on references, official and case numbers. Extensions are
 * database-wide: it is created once (in `public`, or wherever it already is) and the indexes name
 * its operator classes with their schema, since tenant transactions search only their own schema.
 */
import type { Knex } from 'knex';
import { quoteIdent } from '../../identifiers.js';
import type { Migration } from '../types.js';

/** Creates pg_trgm if missing and answers the schema its operator classes live in. */
export async function trigramSchema(knex: Knex): Promise<string> {
  // Two tenants migrating at once must not both try to create it.
  await knex.raw("select pg_advisory_xact_lock(hashtext('expediente:pg_trgm'))");
  await knex.raw('create extension if not exists pg_trgm schema public');
  const { rows } = await knex.raw<{ rows: { schema: string }[] }>(
    "select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'",
  );
  return quoteIdent(rows[0]!.schema);
}

const LINK_TABLES = ['document_signers', 'note_recipients', 'memo_recipients', 'case_documents'] as const;

export const searchAtScale: Migration = {
  name: '003_search_at_scale',
  async up(knex) {
    const trgm = await trigramSchema(knex);
    await knex.raw(`
      create table document_access (
        document_id uuid not null,
        key uuid not null,
        -- Why the key sees it: 1 own sector, 2 owner sector of a linked case, 4 note delivered to
        -- the sector, 8 creator, 16 signer, 32 memo recipient.
        kinds smallint not null,
        status text not null,
        document_type_id uuid not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        primary key (document_id, key)
      );
      -- Newest first per key and status: searches, status filters and counts read these ranges.
      create index document_access_stream on document_access (key, status, created_at desc, document_id) include (kinds, document_type_id);
      -- A user's own documents (created or signed), last modified first.
      create index document_access_own on document_access (key, updated_at desc, document_id)
        include (kinds, status, document_type_id, created_at) where kinds & 24 <> 0;

      -- Writers of one document's rows take turns (advisory lock per document, in id order; a
      -- table lock for bulk writes), so each reads what the previous one committed.
      create function lock_document_access(ids uuid[]) returns void
      language plpgsql set search_path from current as $$
      begin
        if cardinality(ids) <= 256 then
          perform pg_advisory_xact_lock(hashtext('document_access'), hashtext(x::text))
          from (select distinct x from unnest(ids) x order by x) s;
        else
          lock table document_access in share row exclusive mode;
        end if;
      end $$;

      -- Recomputes the rows of the given documents from the tables the rule reads. Documents of a
      -- case still being created and deleted documents have none.
      create function refresh_document_access(ids uuid[], serialize boolean default true) returns void
      language plpgsql set search_path from current as $$
      begin
        if cardinality(ids) = 0 then
          return;
        end if;
        if serialize then
          perform lock_document_access(ids);
        end if;
        with docs as (
          select d.id, d.created_at, d.updated_at, d.status, d.document_type_id, d.sector_id, d.created_by
          from documents d
          where d.id = any(ids) and d.deleted_at is null
            and not exists (select 1 from cases c where c.id = d.case_id and not c.is_ready)
        ),
        reasons (document_id, key, kind) as (
          select id, sector_id, 1 from docs
          union all select id, created_by, 8 from docs
          union all select s.document_id, s.user_id, 16 from document_signers s join docs on docs.id = s.document_id
          union all select m.document_id, m.recipient_user_id, 32 from memo_recipients m join docs on docs.id = m.document_id
          union all select n.document_id, n.sector_id, 4 from note_recipients n join docs on docs.id = n.document_id
            where n.delivered_at is not null
          union all select cd.document_id, c.owner_sector_id, 2 from case_documents cd join cases c on c.id = cd.case_id
            join docs on docs.id = cd.document_id
        ),
        wanted as (
          select r.document_id, r.key, bit_or(r.kind)::smallint as kinds from reasons r group by r.document_id, r.key
        ),
        gone as (
          delete from document_access a where a.document_id = any(ids)
            and not exists (select 1 from wanted w where w.document_id = a.document_id and w.key = a.key)
        )
        insert into document_access (document_id, key, kinds, status, document_type_id, created_at, updated_at)
        select w.document_id, w.key, w.kinds, d.status, d.document_type_id, d.created_at, d.updated_at
        from wanted w join docs d on d.id = w.document_id
        on conflict (document_id, key) do update
          set kinds = excluded.kinds, status = excluded.status, document_type_id = excluded.document_type_id,
              created_at = excluded.created_at, updated_at = excluded.updated_at
          where (document_access.kinds, document_access.status, document_access.document_type_id, document_access.created_at, document_access.updated_at)
            is distinct from (excluded.kinds, excluded.status, excluded.document_type_id, excluded.created_at, excluded.updated_at);
      end $$;

      -- A new document cannot be seen by another transaction yet: no serialization needed.
      create function document_access_documents_inserted() returns trigger
      language plpgsql set search_path from current as $$
      begin
        perform refresh_document_access(array(select id from new_rows), false);
        return null;
      end $$;
      -- Who may see a document changes with its sector, creator, deletion or case; anything else
      -- only needs its copied columns updated (the updating transaction holds the row's lock).
      create function document_access_documents_updated() returns trigger
      language plpgsql set search_path from current as $$
      declare
        copied uuid[] := array(
          select n.id from new_rows n join old_rows o on o.id = n.id
          where (n.sector_id, n.created_by, n.deleted_at, n.case_id) is not distinct from (o.sector_id, o.created_by, o.deleted_at, o.case_id)
            and (n.status, n.document_type_id, n.created_at, n.updated_at) is distinct from (o.status, o.document_type_id, o.created_at, o.updated_at));
      begin
        perform refresh_document_access(array(
          select n.id from new_rows n join old_rows o on o.id = n.id
          where (n.sector_id, n.created_by, n.deleted_at, n.case_id) is distinct from (o.sector_id, o.created_by, o.deleted_at, o.case_id)));
        if cardinality(copied) = 0 then
          return null;
        end if;
        perform lock_document_access(copied);
        update document_access a
          set status = n.status, document_type_id = n.document_type_id, created_at = n.created_at, updated_at = n.updated_at
          from new_rows n
          where a.document_id = n.id and n.id = any(copied);
        return null;
      end $$;
      create function document_access_documents_deleted() returns trigger
      language plpgsql set search_path from current as $$
      begin
        delete from document_access where document_id in (select id from old_rows);
        return null;
      end $$;
      create trigger document_access_insert after insert on documents
        referencing new table as new_rows for each statement execute function document_access_documents_inserted();
      create trigger document_access_update after update on documents
        referencing new table as new_rows old table as old_rows for each statement execute function document_access_documents_updated();
      create trigger document_access_delete after delete on documents
        referencing old table as old_rows for each statement execute function document_access_documents_deleted();

      create function document_access_links_inserted() returns trigger
      language plpgsql set search_path from current as $$
      begin
        perform refresh_document_access(array(select distinct document_id from new_rows));
        return null;
      end $$;
      create function document_access_links_updated() returns trigger
      language plpgsql set search_path from current as $$
      begin
        perform refresh_document_access(array(select document_id from new_rows union select document_id from old_rows));
        return null;
      end $$;
      create function document_access_links_deleted() returns trigger
      language plpgsql set search_path from current as $$
      begin
        perform refresh_document_access(array(select distinct document_id from old_rows));
        return null;
      end $$;
      ${LINK_TABLES.map(
        (t) => `
      create trigger document_access_insert after insert on ${t}
        referencing new table as new_rows for each statement execute function document_access_links_inserted();
      create trigger document_access_update after update on ${t}
        referencing new table as new_rows old table as old_rows for each statement execute function document_access_links_updated();
      create trigger document_access_delete after delete on ${t}
        referencing old table as old_rows for each statement execute function document_access_links_deleted();`,
      ).join('')}

      -- A transfer changes who sees the case's linked documents; a finished creation shows its own.
      create function document_access_cases_updated() returns trigger
      language plpgsql set search_path from current as $$
      begin
        perform refresh_document_access(array(
          select cd.document_id from new_rows n join old_rows o on o.id = n.id join case_documents cd on cd.case_id = n.id
          where n.owner_sector_id is distinct from o.owner_sector_id
          union
          select d.id from new_rows n join old_rows o on o.id = n.id join documents d on d.case_id = n.id
          where n.is_ready is distinct from o.is_ready));
        return null;
      end $$;
      create trigger document_access_update after update on cases
        referencing new table as new_rows old table as old_rows for each statement execute function document_access_cases_updated();

      select refresh_document_access(array(select id from documents), false);

      -- ILIKE '%…%' on a document's reference and official number: trigrams find the few
      -- documents of a selective text; a broad text is checked on the user's newest documents,
      -- reading references from an index rather than from the table.
      create index documents_text_trgm on documents
        using gin (reference ${trgm}.gin_trgm_ops, official_number ${trgm}.gin_trgm_ops) where deleted_at is null;
      create index documents_text_lookup on documents (id) include (reference, official_number) where deleted_at is null;

      -- Cases newest first per owner sector and status, per creator, and by text.
      create index cases_owner_stream on cases (owner_sector_id, status, created_at desc, id) where is_ready;
      create index cases_creator_stream on cases (created_by, status, created_at desc, id) where is_ready;
      create index cases_text_trgm on cases using gin (case_number ${trgm}.gin_trgm_ops, reference ${trgm}.gin_trgm_ops) where is_ready;
      create index cases_text_lookup on cases (id) include (case_number, reference) where is_ready;
      -- Open assignments per sector and per user, newest case first: the case's creation time is
      -- copied onto each movement (it never changes) so these lists need no sort.
      alter table case_movements add column case_created_at timestamptz;
      update case_movements m set case_created_at = c.created_at from cases c where c.id = m.case_id;
      alter table case_movements alter column case_created_at set not null;
      create function case_movements_case_created_at() returns trigger
      language plpgsql set search_path from current as $$
      begin
        select created_at into new.case_created_at from cases where id = new.case_id;
        return new;
      end $$;
      create trigger case_movements_case_created_at before insert or update of case_id on case_movements
        for each row execute function case_movements_case_created_at();
      create index case_movements_open_by_sector on case_movements (to_sector_id, case_created_at desc, case_id)
        where movement_type = 'assignment' and status = 'active';
      create index case_movements_open_by_user on case_movements (assigned_user_id, case_created_at desc, case_id)
        where movement_type = 'assignment' and status = 'active';
    `);
  },
  async down(knex) {
    await knex.raw(`
      drop index case_movements_open_by_user;
      drop index case_movements_open_by_sector;
      drop trigger case_movements_case_created_at on case_movements;
      drop function case_movements_case_created_at();
      alter table case_movements drop column case_created_at;
      drop index cases_text_lookup;
      drop index cases_text_trgm;
      drop index cases_creator_stream;
      drop index cases_owner_stream;
      drop index documents_text_lookup;
      drop index documents_text_trgm;
      drop trigger document_access_update on cases;
      ${LINK_TABLES.map((t) => `drop trigger document_access_insert on ${t}; drop trigger document_access_update on ${t}; drop trigger document_access_delete on ${t};`).join('\n')}
      drop trigger document_access_insert on documents;
      drop trigger document_access_update on documents;
      drop trigger document_access_delete on documents;
      drop function document_access_cases_updated(), document_access_links_inserted(), document_access_links_updated(),
        document_access_links_deleted(), document_access_documents_inserted(), document_access_documents_updated(),
        document_access_documents_deleted(), refresh_document_access(uuid[], boolean), lock_document_access(uuid[]);
      drop table document_access;
    `);
  },
};
