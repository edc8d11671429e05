/**
 * Deadlines (domain/deadlines/): a signing round's due date, an assignment's or transfer's
 * ("retorno programado"), and a default per document type. The timers live in DeadlineWorkflow;
 * these columns are what reads (lists, dashboard) show and what its steps check before writing.
 */
import type { Migration } from '../types.js';

export const deadlines: Migration = {
  name: '016_deadlines',
  async up(knex) {
    await knex.raw(`
      -- Set when a round begins (null: no deadline); escalated once, when the round is overdue.
      alter table documents add column signing_due_at timestamptz;
      alter table documents add column signing_escalated_at timestamptz;
      create index documents_signing_due on documents (signing_due_at) where status = 'sent_to_sign' and signing_due_at is not null;

      -- Business days a round of this type gets when start-signing names no deadline.
      alter table document_types add column signing_due_business_days integer
        check (signing_due_business_days between 1 and 365);

      -- A transfer's or assignment's deadline; ended by closing the assignment or the next transfer.
      alter table case_movements add column due_at timestamptz;
      alter table case_movements add column deadline_ended_at timestamptz;
      alter table case_movements add column escalated_at timestamptz;
      create index case_movements_open_deadlines on case_movements (case_id) where due_at is not null and deadline_ended_at is null;

      -- Events nobody did (a deadline expired or escalated) reach the feeds of the people concerned.
      alter table activity_events add column notify_user_ids uuid[];
      create index activity_events_notify on activity_events using gin (notify_user_ids) where notify_user_ids is not null;
    `);
  },
  async down(knex) {
    await knex.raw(`
      drop index activity_events_notify;
      alter table activity_events drop column notify_user_ids;
      drop index case_movements_open_deadlines;
      alter table case_movements drop column escalated_at, drop column deadline_ended_at, drop column due_at;
      alter table document_types drop column signing_due_business_days;
      drop index documents_signing_due;
      alter table documents drop column signing_escalated_at, drop column signing_due_at;
    `);
  },
};
