import type { Migration } from '../types.js';

/**
 * System-scope keys: only a key created with `system_read` may omit X-User-ID (on the routes the
 * spec marks optional), and then reads no memo, note or unofficial document. Its system reads are
 * counted and the last one dated in the same batched write as `last_used_at`, so auditing them
 * costs no write per request.
 */
export const systemReadKeys: Migration = {
  name: '004_system_read_keys',
  async up(knex) {
    await knex.raw(`
      alter table control.api_keys
        add column system_read boolean not null default false,
        add column system_read_count bigint not null default 0,
        add column last_system_read_at timestamptz;
    `);
  },
  async down(knex) {
    await knex.raw(
      'alter table control.api_keys drop column system_read, drop column system_read_count, drop column last_system_read_at;',
    );
  },
};
