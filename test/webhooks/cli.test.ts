import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { tenantDb } from '../../db/tenancy.js';
import { getStack } from '../support/hooks.js';
import { asBackend, request } from '../support/http.js';
import { recordAttempt } from './support.js';

const run = promisify(execFile);

/** `npm run -s webhook:<command> -- args --json` against the test database, sharing the API's DATA_DIR (its secrets key). */
async function cli(command: string, args: string[]): Promise<any> {
  const { stdout } = await run('npm', ['run', '-s', `webhook:${command}`, '--', ...args, '--json'], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: getStack().databaseUrl,
      DATA_DIR: getStack().config.dataDir,
      LOG_LEVEL: 'error',
    },
  });
  return JSON.parse(stdout);
}

describe('Webhooks: the operator console (npm run webhook:…)', function () {
  this.timeout(120_000);

  it('creates, rotates, disables, lists attempts, redelivers and deletes; the desk sees the same subscription', async () => {
    const { db, demoTenant, services } = getStack();
    const created = await cli('create', [
      '--tenant',
      'demo',
      '--url',
      'http://127.0.0.1:9/consola',
      '--events',
      'document.signed,case.created',
      '--description',
      'Desde la consola',
    ]);
    assert.match(created.secret, /^whsec_/);
    assert.deepEqual(created.event_types, ['document.signed', 'case.created']);
    const row = await tenantDb(db, demoTenant).transaction((trx) =>
      trx('webhook_subscriptions').where({ id: created.id }).first(),
    );
    assert.equal(services.webhookSecrets.open(row.secret_enc), created.secret, 'sealed with the key the API uses');
    assert.equal(row.created_by, null);
    const seen = await request(`/api/v1/admin/webhooks/${created.id}`, { headers: asBackend('intendente') });
    assert.equal(seen.body.data.description, 'Desde la consola');

    const updated = await cli('update', [
      '--tenant',
      'demo',
      '--id',
      created.id,
      '--disable',
      '--rotate-secret',
      '--previous-secret-hours',
      '3',
    ]);
    assert.equal(updated.status, 'disabled');
    assert.match(updated.secret, /^whsec_/);
    assert.ok(updated.previous_secret_expires_at);

    const { deliveryId, eventId } = await recordAttempt(db, demoTenant, created.id);
    const attempts = await cli('deliveries', ['--tenant', 'demo', '--id', created.id, '--limit', '5']);
    assert.deepEqual(
      attempts.map((a: { id: string }) => a.id),
      [deliveryId],
    );
    const queued = await cli('redeliver', ['--tenant', 'demo', '--id', deliveryId]);
    assert.equal(queued.event_id, eventId);

    const listed = await cli('list', ['--tenant', 'demo']);
    assert.ok(listed.some((s: { id: string; secret?: string }) => s.id === created.id && s.secret === undefined));
    await cli('delete', ['--tenant', 'demo', '--id', created.id]);
    assert.equal(
      (await request(`/api/v1/admin/webhooks/${created.id}`, { headers: asBackend('intendente') })).status,
      404,
    );
  });

  it("refuses what the routes refuse, with the domain's message and exit code 2", async () => {
    await assert.rejects(
      cli('create', ['--tenant', 'demo', '--url', 'http://10.0.0.5/hook', '--events', 'document.signed']),
      (err: { code: number; stderr: string }) =>
        err.code === 2 && /dirección interna o reservada \(10\.0\.0\.5\)/.test(err.stderr),
    );
  });
});
