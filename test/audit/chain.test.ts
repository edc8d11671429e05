/**
 * The audit trail's hash chain on the real stack: events positioned by the worker's relay carry
 * their link; the daily anchor time-stamps the head through the signing service and the
 * development TSA; `audit:verify` (the domain check and the command itself) finds the chain
 * intact, then names the entry edited by SQL, the entry deleted by SQL, and a rewrite of every
 * hash after an edit, which only the anchor can catch.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { timestampDigest } from '../../activities/signing-service.js';
import { AUDIT_ANCHOR_WORKFLOW, type AuditAnchorResult } from '../../contract/audit-anchor.js';
import { anchorChain } from '../../domain/audit/anchors.js';
import { chainHash, GENESIS, OCCURRED_SQL } from '../../domain/audit/chain.js';
import { verifyChain } from '../../domain/audit/verify.js';
import { TrustAnchors } from '../../domain/verification/trust.js';
import { emitEvent } from '../../domain/webhooks/outbox.js';
import { createTenant } from '../../db/tenants.js';
import { tenantDb, type TenantDb } from '../../db/tenancy.js';
import { getStack } from '../support/hooks.js';
import { until } from '../support/until.js';

const trust = () => TrustAnchors.fromPemFiles(getStack().config.verification.trustAnchorFiles);
const stamp = (hash: string) =>
  timestampDigest({ urls: [getStack().signer.url], apiKey: getStack().config.signer.apiKey }, hash);

/** One change per event, each in its own committed transaction. */
async function changes(db: TenantDb, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    await db.transaction((trx) =>
      emitEvent(
        trx,
        'record.created',
        { kind: 'record', id },
        { record_id: id, record_number: `RLM-2026-${i}`, family: 'HAB', created_by_user_id: randomUUID() },
      ),
    );
  }
}

const chained = (db: TenantDb) =>
  db
    .transaction((trx) => trx('webhook_events').whereNotNull('hash').count<{ n: string }[]>('* as n'))
    .then(([r]) => Number(r.n));

/** The command as an operator runs it (asynchronously: the signing service it calls runs in this process). */
function auditCommand(
  command: 'verify' | 'anchor',
  tenant: string,
): Promise<{ status: number; stdout: string; stderr: string }> {
  const { databaseUrl, config } = getStack();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'cli/audit.ts', command, '--tenant', tenant, '--json'],
      {
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          DATA_DIR: config.dataDir,
          SIGNER_URL: getStack().signer.url,
          SIGNER_API_KEY: config.signer.apiKey,
          APP_ENV: 'test',
        },
        encoding: 'utf8',
      },
      (err, stdout, stderr) =>
        resolve({ status: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('audit: the hash chain and its anchors', function () {
  this.timeout(120_000);
  let db: TenantDb;

  before(async () => {
    const { tenant } = await createTenant(getStack().db, {
      schema: 'audit_chain',
      municipalityCode: 'AUD',
      displayName: 'Municipalidad Auditada',
      city: 'Auditoría',
    });
    db = tenantDb(getStack().db, tenant);
  });

  it('the relay chains every committed event on commit, from the empty string, each hash over the one before', async () => {
    await changes(db, 12);
    await until('twelve chained events', async () => ((await chained(db)) === 12 ? true : undefined), 20_000);
    const rows = (
      await db.transaction((trx) =>
        trx.raw(
          `select position, id, type, subject, data, ${OCCURRED_SQL} as occurred, prev_hash, hash from webhook_events order by position`,
        ),
      )
    ).rows;
    let prev = GENESIS;
    for (const row of rows) {
      assert.equal(row.prev_hash, prev);
      assert.equal(row.hash, chainHash(prev, row));
      prev = row.hash;
    }
    assert.deepEqual(
      rows.map((r: { position: string }) => Number(r.position)),
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
  });

  it('anchors the head once a day through the signing service, and not again when nothing happened since', async () => {
    const first = await anchorChain(db, stamp);
    assert.equal(first.anchored, true);
    assert.deepEqual(await anchorChain(db, stamp), { anchored: false, reason: 'unchanged' });
    const report = await verifyChain(db, trust());
    assert.equal(report.ok, true, JSON.stringify(report.problems));
    assert.equal(report.entries, 12);
    assert.equal(report.anchors.length, 1);
    assert.ok(report.anchors[0]!.valid);
    assert.match(report.anchors[0]!.authority ?? '', /TSA|Time|Sellado/i);
  });

  it('audit:verify names an entry edited by SQL, and finds the chain intact once it is put back', async () => {
    await changes(db, 3);
    const cli = await auditCommand('anchor', 'audit_chain');
    assert.equal(cli.status, 0, cli.stderr);
    assert.equal(JSON.parse(cli.stdout).anchored, true);
    const original = await db.transaction((trx) => trx('webhook_events').where({ position: 7 }).first('id', 'data'));
    await db.transaction((trx) =>
      trx('webhook_events')
        .where({ position: 7 })
        .update({ data: JSON.stringify({ ...original.data, record_number: 'RLM-2026-FALSO' }) }),
    );
    const edited = await auditCommand('verify', 'audit_chain');
    assert.equal(edited.status, 3, edited.stderr);
    const report = JSON.parse(edited.stdout);
    assert.equal(report.ok, false);
    assert.deepEqual(
      [report.problems[0].position, report.problems[0].eventId, report.problems[0].kind],
      ['7', original.id, 'edited'],
    );
    await db.transaction((trx) =>
      trx('webhook_events')
        .where({ position: 7 })
        .update({ data: JSON.stringify(original.data) }),
    );
    const intact = await auditCommand('verify', 'audit_chain');
    assert.equal(intact.status, 0, intact.stdout);
  });

  it('audit:verify names an entry deleted by SQL', async () => {
    // Kept aside in SQL, so it goes back exactly (to the microsecond).
    await db.transaction((trx) =>
      trx.raw(
        'create table kept_aside as select * from webhook_events where position = 5; delete from webhook_events where position = 5',
      ),
    );
    try {
      const report = await verifyChain(db, trust());
      assert.equal(report.ok, false);
      assert.deepEqual([report.problems[0]!.position, report.problems[0]!.kind], ['5', 'missing']);
      assert.match(report.problems[0]!.message, /falta la entrada 5/);
    } finally {
      await db.transaction((trx) =>
        trx.raw('insert into webhook_events overriding system value select * from kept_aside; drop table kept_aside'),
      );
    }
    assert.equal((await verifyChain(db, trust())).ok, true);
  });

  it('an edit whose every later hash is recomputed keeps the chain consistent, and the anchor names it', async () => {
    const rows = (
      await db.transaction((trx) =>
        trx.raw(
          `select position, id, type, subject, data, ${OCCURRED_SQL} as occurred, prev_hash, hash from webhook_events order by position`,
        ),
      )
    ).rows;
    const saved = rows.map((r: { position: string; data: unknown; prev_hash: string; hash: string }) => ({ ...r }));
    // Rewrite entry 3 and every hash after it, as someone with the database and this code could.
    let prev = rows[1].hash as string;
    await db.transaction(async (trx) => {
      for (const row of rows.slice(2)) {
        if (String(row.position) === '3') row.data = { ...row.data, record_number: 'RLM-2026-REESCRITO' };
        const hash = chainHash(prev, row);
        await trx('webhook_events')
          .where({ position: row.position })
          .update({ data: JSON.stringify(row.data), prev_hash: prev, hash });
        prev = hash;
      }
    });
    try {
      const report = await verifyChain(db, trust());
      assert.equal(report.ok, false);
      assert.equal(report.entries, 15, 'the chain itself is consistent again');
      assert.ok(report.problems.every((p) => p.kind === 'anchor'));
      assert.deepEqual(
        report.problems.map((p) => p.position),
        ['12', '15'],
        'both anchors no longer match',
      );
    } finally {
      await db.transaction(async (trx) => {
        for (const r of saved)
          await trx('webhook_events')
            .where({ position: r.position })
            .update({ data: JSON.stringify(r.data), prev_hash: r.prev_hash, hash: r.hash });
      });
    }
    assert.equal((await verifyChain(db, trust())).ok, true);
  });

  it('the daily run anchors every municipality with something new, and one whose chain is unchanged is skipped', async () => {
    const { client, config } = getStack();
    await changes(db, 1);
    const run = (id: string) =>
      client.workflow.execute(AUDIT_ANCHOR_WORKFLOW, {
        workflowId: id,
        taskQueue: config.temporal.taskQueue,
        args: [{}],
      }) as Promise<AuditAnchorResult>;
    const first = await run(`audit-anchor-test-${randomUUID()}`);
    assert.ok(first.tenants >= 2 && first.anchored >= 1, JSON.stringify(first));
    assert.deepEqual(first.failed, []);
    const anchors = await db.transaction((trx) => trx('audit_anchors').count<{ n: string }[]>('* as n'));
    const again = await anchorChain(db, stamp);
    assert.deepEqual(again, { anchored: false, reason: 'unchanged' }, "the run anchored this tenant's new head");
    assert.ok(Number(anchors[0]!.n) >= 3);
  });

  it('the signing service refuses a digest that is not 64 hexadecimal characters', async () => {
    for (const body of [{ sha256: 'abc' }, { sha256: 'z'.repeat(64) }, {}, { sha256: 42 }]) {
      const res = await fetch(`${getStack().signer.url}/timestamp-digest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': getStack().config.signer.apiKey },
        body: JSON.stringify(body),
      });
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as { code: string }).code, 'INVALID_PARAMETERS');
    }
    const unauthorized = await fetch(`${getStack().signer.url}/timestamp-digest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sha256: 'a'.repeat(64) }),
    });
    assert.equal(unauthorized.status, 401);
  });

  it("the demo municipality's chain, written by every real change of the suite so far, is intact", async () => {
    const report = await verifyChain(tenantDb(getStack().db, getStack().demoTenant), trust());
    assert.equal(report.ok, true, JSON.stringify(report.problems.slice(0, 3)));
  });
});
