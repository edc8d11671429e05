/**
 * The outbox relay and a transaction left open: an event committed behind an older transaction
 * that is still open cannot be positioned yet, and when that transaction ends without writing an
 * event its commit notifies nobody. The relay must come back by itself, not wait for the next
 * commit or the delivery runs' idle poll (minutes).
 */
import assert from 'node:assert/strict';
import pg from 'pg';
import { createTenant } from '../../db/tenants.js';
import { tenantDb } from '../../db/tenancy.js';
import { getStack } from '../support/hooks.js';
import { until } from '../support/until.js';

describe('outbox relay: an event behind a transaction still open', function () {
  this.timeout(60_000);

  it('is positioned shortly after that transaction ends, though nothing announces it', async () => {
    const { db, config } = getStack();
    const { tenant } = await createTenant(db, {
      schema: 'relay_espera',
      municipalityCode: 'RELAYW',
      displayName: 'Municipalidad Relay',
      city: 'Espera',
    });
    const scoped = tenantDb(db, tenant);
    const positionOf = async (id: string) =>
      scoped.transaction(
        async (trx) => (await trx('webhook_events').where({ id }).first('position'))?.position as string | null,
      );

    // An older transaction that wrote (so it has a transaction id) and will write no event.
    const blocker = new pg.Client({ connectionString: config.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query(`insert into relay_espera.sectors (name, acronym) values ('Bloqueo', 'BLOQ')`);
      const [event] = await scoped.transaction((trx) =>
        trx('webhook_events')
          .insert({ type: 'document.created', subject: 'document:00000000-0000-0000-0000-000000000001', data: '{}' })
          .returning<{ id: string }[]>('id'),
      );
      // The relay was woken by that commit and could not position the row.
      await new Promise((r) => setTimeout(r, 1_500));
      assert.equal(await positionOf(event!.id), null, 'a row behind an open transaction must wait');

      await blocker.query('commit');
      const position = await until(
        'the waiting row positioned',
        async () => (await positionOf(event!.id)) ?? undefined,
        10_000,
      );
      assert.ok(Number(position) >= 1);
    } finally {
      await blocker.end();
    }
  });
});
