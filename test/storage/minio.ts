/**
 * A real S3-compatible server for the storage tests: MinIO, built from the Go module proxy by
 * `npm run setup:tools` (or any `minio` on PATH), started on free loopback ports with a throwaway
 * data folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { freePort } from '../../dev/ports.js';
import { waitForHttpOk } from '../../dev/wait.js';

export function minioBinary(): string | undefined {
  const candidates = [
    process.env.MINIO_BIN,
    path.join(os.homedir(), 'go', 'bin', 'minio'),
    ...(process.env.PATH ?? '').split(':').map((d) => path.join(d, 'minio')),
  ];
  return candidates.find((c): c is string => !!c && existsSync(c));
}

export interface RunningMinio {
  endpoint: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  createBucket(name: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startMinio(binary: string): Promise<RunningMinio> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'expediente-minio-'));
  const [port, consolePort] = [await freePort(), await freePort()];
  const credentials = { accessKeyId: 'expediente-test', secretAccessKey: 'expediente-test-secret' };
  const child: ChildProcess = spawn(
    binary,
    ['server', dir, '--quiet', '--address', `127.0.0.1:${port}`, '--console-address', `127.0.0.1:${consolePort}`],
    {
      env: {
        ...process.env,
        MINIO_ROOT_USER: credentials.accessKeyId,
        MINIO_ROOT_PASSWORD: credentials.secretAccessKey,
        MINIO_BROWSER: 'off',
      },
      stdio: 'ignore',
    },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  await waitForHttpOk(`${endpoint}/minio/health/live`, 60_000, () => child.exitCode === null);
  return {
    endpoint,
    credentials,
    async createBucket(name) {
      const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
      await client.send(new CreateBucketCommand({ Bucket: name }));
      client.destroy();
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
