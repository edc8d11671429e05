/**
 * Memos are private, person to person: a MEMO is seen by its author, its signers and its
 * recipients only — not by everyone who views the author's sector or a case it is linked to, as
 * other documents are. The access table's refresh stops granting those two reasons for memos, and
 * every existing memo's rows are rebuilt.
 */
import type { Migration } from '../types.js';

const refreshMemos = `
  select refresh_document_access(array(
    select d.id from documents d join document_types t on t.id = d.document_type_id where t.acronym = 'MEMO'
  ));`;

export const privateMemos: Migration = {
  name: '007_private_memos',
  async up(knex) {
    await knex.raw(`
      create or replace function refresh_document_access(ids uuid[], serialize boolean default true) returns void
      language plpgsql set search_path from current as $$
      begin
        if cardinality(ids) = 0 then
          return;
        end if;
        if serialize then
          perform lock_document_access(ids);
        end if;
        with docs as (
          select d.id, d.created_at, d.updated_at, d.status, d.document_type_id, d.sector_id, d.created_by,
            exists (select 1 from document_types t where t.id = d.document_type_id and t.acronym = 'MEMO') as is_memo
          from documents d
          where d.id = any(ids) and d.deleted_at is null
            and not exists (select 1 from cases c where c.id = d.case_id and not c.is_ready)
        ),
        reasons (document_id, key, kind) as (
          select id, sector_id, 1 from docs where not is_memo
          union all select id, created_by, 8 from docs
          union all select s.document_id, s.user_id, 16 from document_signers s join docs on docs.id = s.document_id
          union all select m.document_id, m.recipient_user_id, 32 from memo_recipients m join docs on docs.id = m.document_id
          union all select n.document_id, n.sector_id, 4 from note_recipients n join docs on docs.id = n.document_id
            where n.delivered_at is not null
          union all select cd.document_id, c.owner_sector_id, 2 from case_documents cd join cases c on c.id = cd.case_id
            join docs on docs.id = cd.document_id where not docs.is_memo
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
`);
    await knex.raw(refreshMemos);
  },
  async down(knex) {
    await knex.raw(`
      create or replace function refresh_document_access(ids uuid[], serialize boolean default true) returns void
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
`);
    await knex.raw(refreshMemos);
  },
};
