/**
 * The tenant schema: every resource of the document-management spec. Tables are created
 * unqualified; the migrator runs this inside `SET LOCAL search_path TO <tenant>`.
 */
import type { Migration } from '../types.js';

const RECORD_ACTIONS = [
  'created',
  'state_changed',
  'display_name_changed',
  'record_updated',
  'field_updated',
  'field_verified',
  'relation_created',
  'relation_deleted',
  'document_linked',
  'document_unlinked',
  'case_linked',
  'case_unlinked',
  'ifrlm_generated',
];

const sqlList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

export const initial: Migration = {
  name: '001_initial',
  async up(knex) {
    await knex.raw(`
      -- Organisation ------------------------------------------------------------------------
      create table departments (
        id uuid primary key default gen_random_uuid(),
        name text not null,
        acronym text not null unique,
        is_active boolean not null default true,
        created_at timestamptz not null default now()
      );

      create table sectors (
        id uuid primary key default gen_random_uuid(),
        name text not null,
        acronym text not null unique,
        department_id uuid references departments(id),
        is_active boolean not null default true,
        created_at timestamptz not null default now()
      );

      -- A seal is the signer's position as printed under a signature ("Director de Obras").
      create table seals (
        id uuid primary key default gen_random_uuid(),
        name text not null unique,
        description text,
        created_at timestamptz not null default now()
      );

      create table users (
        id uuid primary key default gen_random_uuid(),
        full_name text not null,
        email text not null,
        cuit text,
        auth_id text unique,
        role text not null check (role in ('director', 'empleado')),
        is_admin boolean not null default false,
        default_seal_id uuid references seals(id),
        profile_picture_url text,
        is_active boolean not null default true,
        invitation_status text check (invitation_status in ('pending', 'accepted', 'expired')),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index users_email_key on users (lower(email));

      create table user_sector_permissions (
        user_id uuid not null references users(id) on delete cascade,
        sector_id uuid not null references sectors(id),
        can_view boolean not null default true,
        can_edit boolean not null default false,
        is_primary boolean not null default false,
        primary key (user_id, sector_id)
      );
      create unique index user_sector_permissions_one_primary on user_sector_permissions (user_id) where is_primary;
      create index user_sector_permissions_sector on user_sector_permissions (sector_id);

      -- Catalogs ----------------------------------------------------------------------------
      create table document_types (
        id uuid primary key default gen_random_uuid(),
        acronym text not null unique,
        name text not null,
        description text,
        number_prefix text not null,
        -- Roles allowed to sign this type; null means any active user with a sector.
        signer_roles text[],
        is_active boolean not null default true,
        created_at timestamptz not null default now()
      );

      create table case_templates (
        id uuid primary key default gen_random_uuid(),
        name text not null,
        acronym text not null unique,
        description text,
        filing_department_id uuid references departments(id),
        is_active boolean not null default true,
        created_at timestamptz not null default now()
      );

      -- Number counters: one row per (kind, year, scope); scope is the registry family for
      -- records and empty otherwise. Allocated with INSERT .. ON CONFLICT .. RETURNING in the
      -- transaction that inserts the numbered row, so a number is never handed out twice.
      create table number_counters (
        kind text not null,
        year integer not null,
        scope text not null default '',
        last_value bigint not null,
        updated_at timestamptz not null default now(),
        primary key (kind, year, scope)
      );

      -- Cases -------------------------------------------------------------------------------
      create table cases (
        id uuid primary key default gen_random_uuid(),
        case_number text not null unique,
        reference text not null,
        status text not null default 'active' check (status in ('active', 'inactive', 'archived')),
        template_id uuid not null references case_templates(id),
        owner_sector_id uuid not null references sectors(id),
        responsible_user_id uuid references users(id),
        created_by uuid not null references users(id),
        creation_key text unique,
        short_ai_summary text,
        created_at timestamptz not null default now(),
        last_modified_at timestamptz not null default now()
      );
      create index cases_owner_sector on cases (owner_sector_id);
      create index cases_created_at on cases (created_at);

      create table case_movements (
        id uuid primary key default gen_random_uuid(),
        case_id uuid not null references cases(id),
        movement_type text not null check (movement_type in ('creation', 'transfer', 'assignment')),
        from_sector_id uuid references sectors(id),
        to_sector_id uuid not null references sectors(id),
        assigned_user_id uuid references users(id),
        reason text,
        status text not null default 'active' check (status in ('active', 'closed')),
        created_by uuid not null references users(id),
        created_at timestamptz not null default now(),
        closed_at timestamptz,
        closed_by uuid references users(id),
        close_reason text
      );
      create index case_movements_case on case_movements (case_id, created_at desc);
      create index case_movements_open_assignments on case_movements (to_sector_id) where movement_type = 'assignment' and status = 'active';

      -- Documents ---------------------------------------------------------------------------
      create table documents (
        id uuid primary key default gen_random_uuid(),
        document_type_id uuid not null references document_types(id),
        reference text not null,
        content text,
        status text not null default 'draft' check (status in ('draft', 'sent_to_sign', 'signed', 'rejected')),
        is_imported boolean not null default false,
        official_number text unique,
        case_id uuid references cases(id),
        sector_id uuid not null references sectors(id),
        created_by uuid not null references users(id),
        proposed_case_ids uuid[] not null default '{}',
        sent_to_sign_at timestamptz,
        signed_at timestamptz,
        rejected_by uuid references users(id),
        rejection_reason text,
        rejected_at timestamptz,
        deleted_at timestamptz,
        deleted_by uuid references users(id),
        workflow_id text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index documents_status on documents (status) where deleted_at is null;
      create index documents_created_by on documents (created_by);
      create index documents_case on documents (case_id);

      create table document_signers (
        document_id uuid not null references documents(id) on delete cascade,
        user_id uuid not null references users(id),
        position integer not null,
        is_numerator boolean not null default false,
        status text not null default 'pending' check (status in ('pending', 'signed', 'rejected')),
        signed_at timestamptz,
        primary key (document_id, user_id)
      );
      create unique index document_signers_one_numerator on document_signers (document_id) where is_numerator;
      create index document_signers_user on document_signers (user_id, status);

      -- Stored PDFs: draft renders, the imported original, each signed revision, the official file.
      create table document_files (
        id uuid primary key default gen_random_uuid(),
        document_id uuid not null references documents(id) on delete cascade,
        kind text not null check (kind in ('draft', 'imported', 'signing', 'official')),
        revision integer not null default 0,
        storage_key text not null,
        sha256 text not null,
        size_bytes integer not null,
        signed_by uuid references users(id),
        created_at timestamptz not null default now(),
        unique (document_id, kind, revision)
      );

      create table case_documents (
        case_id uuid not null references cases(id),
        document_id uuid not null references documents(id),
        linked_by uuid references users(id),
        linked_at timestamptz not null default now(),
        primary key (case_id, document_id)
      );
      create index case_documents_document on case_documents (document_id);

      create table document_proposals (
        id uuid primary key default gen_random_uuid(),
        case_id uuid not null references cases(id),
        document_id uuid not null references documents(id),
        status text not null default 'pending_approval' check (status in ('pending_approval', 'accepted', 'rejected')),
        proposed_by uuid references users(id),
        created_at timestamptz not null default now(),
        decided_by uuid references users(id),
        decided_at timestamptz,
        decision_reason text
      );
      create unique index document_proposals_one_pending on document_proposals (case_id, document_id) where status = 'pending_approval';

      -- Notes (NOTA documents delivered to sectors) and memos (MEMO documents, person to person)
      create table note_recipients (
        document_id uuid not null references documents(id),
        sector_id uuid not null references sectors(id),
        recipient_kind text not null check (recipient_kind in ('to', 'cc', 'bcc')),
        delivered_at timestamptz,
        is_archived boolean not null default false,
        archived_at timestamptz,
        archived_by uuid references users(id),
        primary key (document_id, sector_id)
      );
      create index note_recipients_sector on note_recipients (sector_id) where delivered_at is not null;

      create table note_reads (
        document_id uuid not null references documents(id),
        user_id uuid not null references users(id),
        read_at timestamptz not null default now(),
        primary key (document_id, user_id)
      );

      create table memo_recipients (
        id uuid primary key default gen_random_uuid(),
        document_id uuid not null references documents(id),
        recipient_user_id uuid not null references users(id),
        sender_user_id uuid not null references users(id),
        recipient_type text not null check (recipient_type in ('TO', 'CC', 'BCC')),
        recipient_sector_id uuid references sectors(id),
        sender_sector_id uuid references sectors(id),
        is_archived boolean not null default false,
        archived_at timestamptz,
        opened_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (document_id, recipient_user_id)
      );
      create index memo_recipients_recipient on memo_recipients (recipient_user_id, is_archived);

      -- Registries of records (legajos) -----------------------------------------------------
      create table registry_families (
        id uuid primary key default gen_random_uuid(),
        code text not null unique,
        name text not null,
        description text,
        data_schema jsonb not null default '{}',
        allowed_states text[] not null check (cardinality(allowed_states) > 0),
        is_active boolean not null default true,
        created_at timestamptz not null default now()
      );

      create table registry_family_permissions (
        family_id uuid not null references registry_families(id),
        sector_id uuid not null references sectors(id),
        can_create boolean not null default false,
        can_edit boolean not null default false,
        can_view boolean not null default false,
        can_verify boolean not null default false,
        primary key (family_id, sector_id)
      );

      create table records (
        id uuid primary key default gen_random_uuid(),
        record_number text not null unique,
        family_id uuid not null references registry_families(id),
        display_name text not null,
        state text not null,
        data jsonb not null default '{}',
        resume text,
        next_expiration date,
        created_by uuid references users(id),
        created_sector_id uuid references sectors(id),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index records_family on records (family_id, created_at desc);

      create table record_history (
        id uuid primary key default gen_random_uuid(),
        record_id uuid not null references records(id),
        action text not null check (action in (${sqlList(RECORD_ACTIONS)})),
        field_name text,
        before_value jsonb,
        after_value jsonb,
        user_id uuid references users(id),
        user_name text,
        sector_name text,
        created_at timestamptz not null default now()
      );
      create index record_history_record on record_history (record_id, created_at desc);

      create table record_relations (
        id uuid primary key default gen_random_uuid(),
        source_record_id uuid not null references records(id),
        target_record_id uuid not null references records(id),
        relation_type text not null check (relation_type in ('parent', 'child', 'related', 'replaces', 'sibling', 'cousin')),
        notes text,
        created_by uuid references users(id),
        created_at timestamptz not null default now(),
        check (source_record_id <> target_record_id),
        unique (source_record_id, target_record_id, relation_type)
      );
      create index record_relations_target on record_relations (target_record_id);

      create table record_case_links (
        id uuid primary key default gen_random_uuid(),
        record_id uuid not null references records(id),
        case_id uuid not null references cases(id),
        notes text,
        linked_by uuid references users(id),
        linked_at timestamptz not null default now(),
        unique (record_id, case_id)
      );

      create table record_document_links (
        id uuid primary key default gen_random_uuid(),
        record_id uuid not null references records(id),
        document_id uuid not null references documents(id),
        field_name text,
        notes text,
        linked_by uuid references users(id),
        linked_at timestamptz not null default now()
      );
      create unique index record_document_links_unique on record_document_links (record_id, document_id, coalesce(field_name, ''));

      -- Dashboard feed ----------------------------------------------------------------------
      create table activity_events (
        id uuid primary key default gen_random_uuid(),
        kind text not null,
        actor_user_id uuid references users(id),
        sector_id uuid references sectors(id),
        entity_type text not null,
        entity_id uuid not null,
        summary text not null,
        data jsonb not null default '{}',
        created_at timestamptz not null default now()
      );
      create index activity_events_actor on activity_events (actor_user_id, created_at desc);
      create index activity_events_sector on activity_events (sector_id, created_at desc);

      -- Operations: one row per completed system-check workflow run.
      create table system_checks (
        id uuid primary key default gen_random_uuid(),
        workflow_id text not null unique,
        checked_at timestamptz not null default now()
      );
    `);
  },
  async down(knex) {
    await knex.raw(`
      drop table if exists system_checks, activity_events, record_document_links, record_case_links, record_relations,
        record_history, records, registry_family_permissions, registry_families, memo_recipients, note_reads,
        note_recipients, document_proposals, case_documents, document_files, document_signers, documents,
        case_movements, cases, number_counters, case_templates, document_types, user_sector_permissions, users,
        seals, sectors, departments;
    `);
  },
};
