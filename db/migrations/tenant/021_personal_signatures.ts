/**
 * Personal signatures (domain/signatures/): who signs with the municipality seal and who with a
 * certificate of their own held by a remote signing service (CSC API v2), each user's credential
 * there, the signatures waiting for their signer's authorisation, and, per signature made, which
 * certificate made it.
 */
import type { Migration } from '../types.js';

export const personalSignatures: Migration = {
  name: '021_personal_signatures',
  async up(knex) {
    await knex.raw(`
      -- The municipality's default; one row.
      create table signature_settings (
        id boolean primary key default true check (id),
        default_mode text not null default 'seal' check (default_mode in ('seal', 'personal')),
        updated_by uuid references users(id),
        updated_at timestamptz not null default now()
      );
      insert into signature_settings (id) values (true);

      -- null: the municipality's default.
      alter table users add column signature_mode text check (signature_mode in ('seal', 'personal'));
      alter table users add column deactivated_at timestamptz;

      -- A user's credential at the remote signing service; a revoked one stays for the record.
      create table signing_credentials (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null references users(id),
        credential_id text not null,
        -- DER certificates, the user's first.
        chain bytea[] not null,
        subject text not null,
        serial_number text not null,
        certificate_sha256 text not null,
        otp_method text not null check (otp_method in ('otp-email', 'totp')),
        created_at timestamptz not null default now(),
        revoked_at timestamptz
      );
      create unique index signing_credentials_current on signing_credentials (user_id) where revoked_at is null;

      -- A personal signature prepared over one revision and waiting for its signer's code. The
      -- steps after the code keep what they obtained here, so a retried step never asks again.
      create table signature_preparations (
        document_id uuid not null references documents(id) on delete cascade,
        round integer not null,
        user_id uuid not null references users(id),
        base_revision integer not null,
        credential_id uuid not null references signing_credentials(id),
        storage_key text not null,
        digest bytea not null,
        code_requested_at timestamptz not null default now(),
        sad text,
        signature bytea,
        primary key (document_id, round, user_id)
      );

      -- Which certificate made each signature (null before this migration: the seal).
      alter table document_signers add column signature_kind text check (signature_kind in ('seal', 'personal'));
      alter table document_signers add column certificate_id uuid references signing_credentials(id);
    `);
  },
  async down(knex) {
    await knex.raw(`
      alter table document_signers drop column certificate_id, drop column signature_kind;
      drop table signature_preparations;
      drop table signing_credentials;
      alter table users drop column deactivated_at, drop column signature_mode;
      drop table signature_settings;
    `);
  },
};
