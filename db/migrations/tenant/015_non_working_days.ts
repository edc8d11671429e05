/**
 * Municipal non-working days (domain/business-days.ts): days an administrator declares
 * non-working for the municipality, on top of weekends and Argentina's national holidays (those
 * come from the holiday data, never from this table). One row per local date.
 */
import type { Migration } from '../types.js';

export const nonWorkingDays: Migration = {
  name: '015_non_working_days',
  async up(knex) {
    await knex.raw(`
      create table non_working_days (
        date date primary key,
        description text not null,
        -- Who recorded it: "user:<email>" (backend) or "cli:<os user>" (npm run calendar).
        created_by text not null,
        created_at timestamptz not null default now()
      );
    `);
  },
  async down(knex) {
    await knex.raw('drop table non_working_days');
  },
};
