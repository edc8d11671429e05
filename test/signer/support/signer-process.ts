/**
 * The signing service as its own process (`node --import tsx signer/main.ts`), configured with
 * the test PKI and time-stamping authority: for robustness runs that must see it never exit and
 * measure its memory, and a watcher that polls its /health and samples its RSS meanwhile.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../dev/ports.js';
import { API_KEY, devPki, timestampAuthority } from './service.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export interface SignerProcess {
  url: string;
  pid: number;
  /** Everything it printed (the last 200 KB). */
  output(): string;
  /** How it ended ("code 1", "signal SIGKILL"), or undefined while it runs. */
  ended(): string | undefined;
  /** Resident set size now, from /proc (0 once it is gone). */
  rssBytes(): number;
  stop(): Promise<void>;
}

export async function startSignerProcess(env: Record<string, string> = {}): Promise<SignerProcess> {
  const pki = await devPki();
  const tsa = await timestampAuthority();
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'signer/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      ENVIRONMENT: 'test',
      API_KEY,
      CERTS_DIR: pki.certsDir,
      CERT_PASSWORDS_FILE: pki.passwordsFile,
      TSA_URL: tsa.url,
      SIGNER_PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (c: Buffer) => {
    output = (output + c.toString()).slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let ended: string | undefined;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      ended = signal ? `signal ${signal}` : `code ${code}`;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (ended || Date.now() > deadline)
      throw new Error(`the signer process did not start (${ended ?? 'no answer'}):\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    output: () => output,
    ended: () => ended,
    rssBytes: () => rssBytes(child.pid!),
    stop: async () => {
      if (!ended) child.kill('SIGTERM');
      await exited;
    },
  };
}

export function rssBytes(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Where a watcher reports: a Tally's record and rss (kept structural, so any counter fits). */
export interface WatchSink {
  record(what: string, status: number | string, ms: number, body?: string): void;
  rss(bytes: number): void;
}

/** Polls /health in a loop and prints one line per answer: `<status or error> <ms>`. */
const POLLER = `
const [url, everyMs] = [process.argv[1], Number(process.argv[2])];
// The first fetch of a process loads the HTTP client: not the signer's time.
await fetch(url).then((r) => r.arrayBuffer(), () => undefined);
for (;;) {
  const started = performance.now();
  let status;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    status = res.status;
  } catch (err) {
    status = err.cause?.code ?? err.name;
  }
  process.stdout.write(status + ' ' + (performance.now() - started).toFixed(1) + '\\n');
  await new Promise((r) => setTimeout(r, everyMs));
}`;

/**
 * Polls GET /health every `everyMs` from a process of its own — so the latency measured is the
 * signer's, not that of this busy test process — recording each answer in `health`, and samples
 * the signer's RSS into every sink, until stopped.
 */
export function watchSigner(
  proc: SignerProcess,
  health: WatchSink,
  others: WatchSink[] = [],
  everyMs = 50,
): { stop(): Promise<void> } {
  const poller = spawn(process.execPath, ['--input-type=module', '-e', POLLER, `${proc.url}/health`, String(everyMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let pending = '';
  poller.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      const [status, ms] = line.split(' ');
      health.record('GET /health', /^\d+$/.test(status!) ? Number(status) : status!, Number(ms));
    }
  });
  const sampler = setInterval(() => {
    const rss = proc.rssBytes();
    for (const sink of [health, ...others]) sink.rss(rss);
  }, everyMs);
  const exited = new Promise<void>((resolve) => poller.once('exit', () => resolve()));
  return {
    stop: async () => {
      clearInterval(sampler);
      poller.kill();
      await exited;
    },
  };
}
