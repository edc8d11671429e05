/**
 * Backup and restore on the real stack: an official, signed document survives a backup and a
 * restore into a fresh database and an empty store byte for byte, its signatures still verify,
 * and an API on the restored database serves it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startApi } from '../../api/server.js';
import { createDb, type Db } from '../../db/connection.js';
import { backup, BackupRefused, restore } from '../../db/backup/index.js';
import { createTenant } from '../../db/tenants.js';
import { FileObjectStore } from '../../domain/storage/object-store.js';
import { getStack } from '../support/hooks.js';
import { asIntegration, request } from '../support/http.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { pdfSignatures } from '../support/pdf-tools.js';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: getStack().databaseUrl });
  await admin.connect();
  const name = `restore_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${admin.escapeIdentifier(name)}`);
  await admin.end();
  const url = new URL(getStack().databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: getStack().databaseUrl });
      await c.connect();
      await c.query(`drop database if exists ${c.escapeIdentifier(name)} with (force)`);
      await c.end();
    },
  };
}

function runCli(script: string, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', `cli/${script}.ts`, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    cwd: path.resolve(import.meta.dirname, '../..'),
    timeout: 60_000,
  });
}

describe('admin: backup and restore', function () {
  this.timeout(180_000);
  let work: string;
  let backupDir: string;
  let documentId: string;
  let officialPdf: Buffer;
  let target: { url: string; drop(): Promise<void> } | undefined;

  before(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'expediente-backup-test-'));
    documentId = await prepareIntegrationDraft('agente-obras', ['directora-obras', 'intendente']);
    assert.equal(
      (
        await request(`/api/v1/documents/${documentId}/start-signing`, {
          method: 'POST',
          headers: asIntegration('agente-obras'),
        })
      ).status,
      200,
    );
    assert.equal(
      (
        await request(`/api/v1/documents/${documentId}/sign`, {
          method: 'POST',
          headers: asIntegration('directora-obras'),
        })
      ).status,
      200,
    );
    const last = await request(`/api/v1/documents/${documentId}/sign`, {
      method: 'POST',
      headers: asIntegration('intendente'),
    });
    assert.equal(last.body.status, 'signed', last.text);
    const url = await request(`/api/v1/documents/${documentId}/url`, { headers: asIntegration('agente-obras') });
    officialPdf = Buffer.from(await (await fetch(url.body.pdf_url)).arrayBuffer());
    assert.equal(pdfSignatures(officialPdf).length, 2);

    backupDir = path.join(work, 'backup');
    const result = await backup({
      databaseUrl: getStack().databaseUrl,
      objectsDir: path.join(getStack().config.dataDir, 'objects'),
      out: backupDir,
    });
    assert.ok(result.schemas >= 2 && result.rows > 0 && result.objects > 0, JSON.stringify(result));
  });

  after(async () => {
    await target?.drop();
    await rm(work, { recursive: true, force: true });
  });

  it('restores into an empty database and store: same official PDF, valid signatures, served by an API', async () => {
    target = await emptyDatabase();
    const objectsDir = path.join(work, 'restored-data', 'objects');
    const result = await restore({ databaseUrl: target.url, objectsDir, from: backupDir });
    assert.ok(result.verified > 0 && result.verified === result.objects, JSON.stringify(result));

    const restoredDb: Db = createDb(target.url);
    const stack = getStack();
    const api = await startApi(
      { ...stack.apiDeps, db: restoredDb, services: { ...stack.services, storage: new FileObjectStore(objectsDir) } },
      0,
      '127.0.0.1',
    );
    try {
      const key = await restoredDb
        .withSchema('demo')
        .table('document_files')
        .where({ document_id: documentId, kind: 'official' })
        .first('storage_key');
      const restoredFile = await readFile(path.join(objectsDir, ...String(key.storage_key).split('/')));
      assert.equal(sha(restoredFile), sha(officialPdf), 'the official PDF is byte-identical');
      const signatures = pdfSignatures(restoredFile);
      assert.equal(signatures.length, 2);
      assert.ok(
        signatures.every((s) => s.valid),
        JSON.stringify(signatures),
      );

      const details = await request(`/api/v1/documents/${documentId}/url`, {
        headers: asIntegration('agente-obras'),
        baseUrl: api.url,
      });
      assert.equal(details.status, 200, details.text);
      // Links carry the configured public address; ask the restored API itself.
      const link = new URL(details.body.pdf_url);
      const served = await fetch(`${api.url}${link.pathname}${link.search}`);
      assert.equal(served.status, 200);
      assert.equal(
        sha(Buffer.from(await served.arrayBuffer())),
        sha(officialPdf),
        'the restored API serves the same bytes',
      );
    } finally {
      await api.close();
      await restoredDb.destroy();
    }
  });

  it('refuses a database that is not empty and a store that is not empty, touching neither', async () => {
    await assert.rejects(
      restore({ databaseUrl: getStack().databaseUrl, objectsDir: path.join(work, 'never'), from: backupDir }),
      (err: Error) => err instanceof BackupRefused && /not empty/.test(err.message),
    );
    const fresh = await emptyDatabase();
    try {
      const store = path.join(work, 'busy-store');
      await new FileObjectStore(store).put('tenants/x/documents/y/z.pdf', Buffer.from('x'));
      await assert.rejects(
        restore({ databaseUrl: fresh.url, objectsDir: store, from: backupDir }),
        /object store .* is not empty/,
      );
      const db = createDb(fresh.url);
      const schemas = await db.raw(`select count(*)::int as n from pg_namespace where nspname in ('control', 'demo')`);
      await db.destroy();
      assert.equal(schemas.rows[0].n, 0, 'nothing was written to the database');
    } finally {
      await fresh.drop();
    }
  });

  it('refuses to back up a registry that names a tenant whose schema is missing, and says which', async () => {
    const { db } = getStack();
    const [row] = await db
      .withSchema('control')
      .table('tenants')
      .insert({
        schema_name: 'vanished_tenant',
        municipality_code: 'VAN',
        display_name: 'Desaparecida',
        city: 'Nada',
        is_active: false,
      })
      .returning<{ id: string }[]>('id');
    try {
      const out = path.join(work, 'vanished');
      await assert.rejects(
        backup({ databaseUrl: getStack().databaseUrl, objectsDir: undefined, out }),
        (err: Error) =>
          err instanceof BackupRefused && /vanished_tenant is registered .* but does not exist/.test(err.message),
      );
      assert.deepEqual(
        (await readdir(work)).filter((f) => f.startsWith('vanished')),
        [],
        'no backup folder, not even a partial one',
      );
    } finally {
      await db.withSchema('control').table('tenants').where({ id: row!.id }).delete();
    }
  });

  it("reads one schema at a time from one snapshot: the locks it holds are one schema's, never every schema's", async () => {
    // Holding every table's lock to the end ran out of lock memory at about 2,300 municipalities.
    const { db, databaseUrl } = getStack();
    await createTenant(db, {
      schema: 'backup_locks',
      municipalityCode: 'BKL',
      displayName: 'Municipalidad de los Cerrojos',
      city: 'Cerrojos',
    });
    const { rows: sizes } = await db.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'i') and (n.nspname = 'control' or n.nspname in (select schema_name from control.tenants))
        group by n.nspname`,
    );
    const largest = Math.max(...sizes.map((r) => r.n));
    const total = sizes.reduce((sum, r) => sum + r.n, 0);
    assert.ok(sizes.length >= 3 && total > 2 * largest, `${sizes.length} schemas, ${total} relations`);

    const sampler = new pg.Client({ connectionString: databaseUrl });
    await sampler.connect();
    let most = 0;
    let done = false;
    const sampling = (async () => {
      while (!done) {
        const { rows } = await sampler.query<{ n: number }>(
          `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where a.application_name = 'expediente-backup' and l.locktype = 'relation' and l.granted`,
        );
        most = Math.max(most, rows[0]!.n);
      }
    })();
    try {
      await backup({ databaseUrl, objectsDir: undefined, out: path.join(work, 'locks') });
    } finally {
      done = true;
      await sampling;
      await sampler.end();
    }
    assert.ok(most > 0, 'the sampler saw the backup read');
    // One schema's tables and indexes, plus the catalog relations its queries read.
    assert.ok(
      most <= largest + 30,
      `the backup held ${most} relation locks at once; the largest schema has ${largest} relations, all of them ${total}`,
    );
  });

  it('refuses a damaged backup before writing anything', async () => {
    const damaged = path.join(work, 'damaged');
    await backup({ databaseUrl: getStack().databaseUrl, objectsDir: undefined, out: damaged });
    const meta = path.join(damaged, 'database', 'meta.json');
    await writeFile(meta, (await readFile(meta, 'utf8')).replace('"rows": ', '"rows": 1'));
    await assert.rejects(
      restore({ databaseUrl: getStack().databaseUrl, objectsDir: undefined, from: damaged }),
      (err: Error) => err instanceof BackupRefused && /hash differs: database\/meta.json/.test(err.message),
    );
  });

  it('the CLIs answer exit code 2 with a clear message for refused input', async () => {
    const env = { DATABASE_URL: getStack().databaseUrl, DATA_DIR: path.join(work, 'cli-data') };
    const restoreRun = runCli('restore', ['--from', backupDir], env);
    assert.equal(restoreRun.status, 2, restoreRun.stderr);
    assert.match(restoreRun.stderr, /target database is not empty/);
    const backupRun = runCli('backup', ['--out', backupDir], env);
    assert.equal(backupRun.status, 2, backupRun.stderr);
    assert.match(backupRun.stderr, /exists and is not empty/);
    const s3 = runCli('backup', ['--out', path.join(work, 's3')], { ...env, STORAGE_DRIVER: 's3', S3_BUCKET: 'b' });
    assert.equal(s3.status, 2, s3.stderr);
    assert.match(s3.stderr, /versioning/);

    // The whole round trip through the commands, as an operator runs them.
    const out = path.join(work, 'cli-backup');
    const made = runCli('backup', ['--out', out], {
      DATABASE_URL: getStack().databaseUrl,
      DATA_DIR: getStack().config.dataDir,
    });
    assert.equal(made.status, 0, made.stderr);
    assert.match(made.stdout, /backup written to .*: \d+ schemas, \d+ rows, [1-9]\d* objects/);
    const fresh = await emptyDatabase();
    try {
      const restored = runCli('restore', ['--from', out], {
        DATABASE_URL: fresh.url,
        DATA_DIR: path.join(work, 'cli-restored'),
      });
      assert.equal(restored.status, 0, restored.stderr);
      assert.match(
        restored.stdout,
        /restored \d+ schemas, \d+ rows, ([1-9]\d*) objects \(\1 verified against manifest.json\)/,
      );
    } finally {
      await fresh.drop();
    }
  });
});
