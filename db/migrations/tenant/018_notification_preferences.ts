/**
 * E-mail notifications (domain/notifications/): how each user wants each kind delivered, and the
 * e-mails already sent, so a retried send step never mails one event twice.
 */
import type { Migration } from '../types.js';

export const notificationPreferences: Migration = {
  name: '018_notification_preferences',
  async up(knex) {
    await knex.raw(`
      -- One row per user and kind they changed; a kind without a row is sent at once.
      create table notification_preferences (
        user_id uuid not null references users(id) on delete cascade,
        kind text not null check (kind in ('signature_request', 'document_outcome', 'note', 'memo')),
        delivery text not null check (delivery in ('immediate', 'digest', 'off')),
        updated_at timestamptz not null default now(),
        primary key (user_id, kind)
      );

      -- An immediate e-mail's event key, or a digest's; written once the SMTP server took it.
      create table notification_sends (
        user_id uuid not null references users(id) on delete cascade,
        event_key text not null,
        message_id text not null,
        sent_at timestamptz not null default now(),
        primary key (user_id, event_key)
      );
    `);
  },
  async down(knex) {
    await knex.raw('drop table notification_sends; drop table notification_preferences;');
  },
};
