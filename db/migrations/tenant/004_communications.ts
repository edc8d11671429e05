/**
 * Notes, memos and the dashboard: indexes that keep the received, sent and unread-count lists
 * flat as volume grows (each list reads only the acting user's or sector's rows, newest first),
 * the order of dashboard events written in one transaction, and the memo's AI summary column,
 * empty until the summarising feature fills it.
 */
import type { Migration } from '../types.js';

export const communications: Migration = {
  name: '004_communications',
  async up(knex) {
    await knex.raw(`
      -- Received and archived notes of a sector, newest delivery first; the list's other columns
      -- are included so counting and paging read the index alone (supersedes note_recipients_sector).
      create index note_recipients_inbox on note_recipients (sector_id, is_archived, delivered_at desc, document_id)
        include (recipient_kind, archived_at) where delivered_at is not null;
      drop index if exists note_recipients_sector;
      -- Sent notes and memos: a sender's officialized documents of one type, newest first.
      create index documents_sent_by on documents (created_by, document_type_id, signed_at desc) include (id)
        where status = 'signed' and deleted_at is null;
      -- Dashboard: documents of a creator by status.
      create index documents_created_by_status on documents (created_by, status) where deleted_at is null;
      -- Received and archived memos of a user, newest first.
      create index memo_recipients_inbox on memo_recipients (recipient_user_id, is_archived, created_at desc) include (id);
      -- Unread memos (unread-count reads only these rows).
      create index memo_recipients_unread on memo_recipients (recipient_user_id) where opened_at is null and not is_archived;
      drop index if exists memo_recipients_recipient;

      -- Dashboard feed: events of one transaction share its timestamp; seq keeps their order.
      alter table activity_events add column seq bigint generated always as identity;
      create index activity_events_actor_seq on activity_events (actor_user_id, created_at desc, seq desc);
      drop index if exists activity_events_actor;

      alter table documents add column ai_summary text;
    `);
  },
  async down(knex) {
    await knex.raw(`
      alter table documents drop column ai_summary;
      create index if not exists activity_events_actor on activity_events (actor_user_id, created_at desc);
      drop index activity_events_actor_seq;
      alter table activity_events drop column seq;
      create index if not exists memo_recipients_recipient on memo_recipients (recipient_user_id, is_archived);
      drop index memo_recipients_unread;
      drop index memo_recipients_inbox;
      drop index documents_created_by_status;
      drop index documents_sent_by;
      drop index note_recipients_inbox;
      create index if not exists note_recipients_sector on note_recipients (sector_id) where delivered_at is not null;
    `);
  },
};
