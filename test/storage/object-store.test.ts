/**
 * One contract for every object store: the filesystem store and the S3-compatible one (against a
 * real MinIO) pass the same tests — round trips byte for byte, replacement, missing keys, deletes,
 * key validation before any I/O, concurrent writers of one key, a 10 MB file.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FileObjectStore, type ObjectStore } from '../../domain/storage/object-store.js';
import { S3ObjectStore } from '../../domain/storage/s3-object-store.js';
import { minioBinary, startMinio, type RunningMinio } from './minio.js';

function objectStoreContract(name: string, open: () => Promise<{ store: ObjectStore; close(): Promise<void> }>) {
  describe(`object store: ${name}`, function () {
    this.timeout(120_000);
    let store: ObjectStore;
    let close: (() => Promise<void>) | undefined;
    const key = (n: string) => `tenants/demo/documents/${n}/official.pdf`;

    before(async function () {
      try {
        ({ store, close } = await open());
      } catch (err) {
        if ((err as Error).message.startsWith('skip:')) {
          console.log(`      skipped: ${(err as Error).message.slice(5)}`);
          this.skip();
        }
        throw err;
      }
    });
    after(async () => close?.());

    it('returns exactly the bytes stored, and the last version after a replacement', async () => {
      const first = randomBytes(4096);
      const second = randomBytes(1000);
      await store.put(key('a'), first);
      assert.deepEqual(await store.get(key('a')), first);
      await store.put(key('a'), second);
      assert.deepEqual(await store.get(key('a')), second);
    });

    it('a missing key reads as undefined; deleting it, or deleting twice, is no error', async () => {
      assert.equal(await store.get(key('missing')), undefined);
      await store.put(key('b'), Buffer.from('%PDF-1.7'));
      await store.delete(key('b'));
      assert.equal(await store.get(key('b')), undefined);
      await store.delete(key('b'));
    });

    it('refuses keys with traversal or odd characters before touching storage', async () => {
      for (const bad of ['../etc/passwd', 'tenants/demo/../x', '/absolute', 'a//b', 'tenants/demo/docs/ a.pdf', '']) {
        await assert.rejects(store.put(bad, Buffer.from('x')), /invalid object key/);
        await assert.rejects(store.get(bad), /invalid object key/);
      }
    });

    it('concurrent writers of one key leave one of their versions whole', async () => {
      const versions = Array.from({ length: 8 }, () => randomBytes(256 * 1024));
      await Promise.all(versions.map((v) => store.put(key('c'), v)));
      const stored = await store.get(key('c'));
      assert.ok(
        versions.some((v) => stored?.equals(v)),
        'one complete version',
      );
    });

    it('a 10 MB file round-trips', async () => {
      const big = randomBytes(10 * 1024 * 1024);
      await store.put(key('big'), big);
      assert.ok((await store.get(key('big')))?.equals(big));
    });
  });
}

objectStoreContract('filesystem', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'expediente-store-'));
  return { store: new FileObjectStore(dir), close: () => rm(dir, { recursive: true, force: true }) };
});

objectStoreContract('S3-compatible (MinIO)', async () => {
  const binary = minioBinary();
  if (!binary) throw new Error('skip:MinIO not installed (npm run setup:tools builds it with Go)');
  const minio: RunningMinio = await startMinio(binary);
  await minio.createBucket('expediente-test');
  const store = new S3ObjectStore({
    bucket: 'expediente-test',
    prefix: 'main/',
    region: 'us-east-1',
    endpoint: minio.endpoint,
    forcePathStyle: true,
    credentials: minio.credentials,
  });
  return {
    store,
    close: async () => {
      store.close();
      await minio.stop();
    },
  };
});
