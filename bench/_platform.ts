/**
 * The whole platform for a benchmark: the same real stack the test suite runs (embedded
 * PostgreSQL, Temporal dev server, signing service and TSA, the project's worker and API), with
 * HTTP helpers for the demo municipality.
 *
 * Two topologies:
 *   in-process   the test stack as it is: API, worker, signing service and TSA in this one process
 *   processes    as production runs it: the compiled API and worker (`npm run build`) each in its
 *                own process on their own task queue; the stack's signing service and TSA serve
 *                them from this process, which otherwise only sends the requests
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoId } from '../db/seed/demo-data.js';
import { freePort } from '../dev/ports.js';
import { waitForHttpOk } from '../dev/wait.js';
import { startTestStack, TEST_CSC, type TestStack } from '../test/support/stack.js';

export type Topology = 'in-process' | 'processes';

export interface Platform {
  stack: TestStack;
  topology: Topology;
  call(
    method: string,
    path: string,
    user: string,
    json?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any }>;
  /** Our processes by pid, named by what they run (for CPU accounting). */
  roles: ReadonlyMap<number, string>;
  stop(): Promise<void>;
}

export const user = (key: string) => demoId('user', key);
export const template = (acronym: string) => demoId('case-template', acronym);

const root = fileURLToPath(new URL('..', import.meta.url));
let built = false;

/** Compiles the project once per benchmark run (`npm run build`: dist/ and the workflow bundle). */
export function buildOnce(): void {
  if (built) return;
  if (spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0)
    throw new Error('npm run build failed');
  built = true;
}

export interface PlatformProcesses {
  apiUrl: string;
  children: ChildProcess[];
  /** Milliseconds from spawn to a healthy /health, per worker and for the API. */
  startupMs: { workers: number[]; api: number };
}

/**
 * `workers` worker processes and one API process (with `apis` copies under node:cluster) on the
 * stack's database, Temporal and signing service, on a task queue of their own. `compiled`: from
 * dist/ as production runs them; otherwise TypeScript through tsx, as `npm start` does.
 */
export async function startPlatformProcesses(
  stack: TestStack,
  options: { workers?: number; apis?: number; compiled?: boolean } = {},
): Promise<PlatformProcesses> {
  const { workers = 1, apis = 1, compiled = true } = options;
  if (compiled) buildOnce();
  const entry = (name: string) =>
    compiled ? [path.join(root, 'dist', `${name}.js`)] : ['--import', 'tsx', path.join(root, `${name}.ts`)];
  const common = {
    APP_ENV: 'test',
    DATABASE_URL: stack.databaseUrl,
    TEMPORAL_ADDRESS: stack.temporalAddress,
    TEMPORAL_TASK_QUEUE: `bench-${randomBytes(3).toString('hex')}`,
    DATA_DIR: stack.config.dataDir,
    SIGNER_URL: stack.signer.url,
    SIGNER_API_KEY: stack.config.signer.apiKey,
    OIDC_ISSUER: stack.idp.issuer,
    LOG_LEVEL: 'warn',
    // The remote signing service of personal signatures, as the stack's own worker has it.
    CSC_URL: stack.csc.url,
    CSC_CLIENT_ID: TEST_CSC.clientId,
    CSC_CLIENT_SECRET: TEST_CSC.clientSecret,
    CSC_ENROLMENT_URL: stack.csc.url,
    CSC_ADMIN_TOKEN: TEST_CSC.adminToken,
  };
  // BENCH_CPU_PROF=<dir>: each process writes a V8 CPU profile there when it stops (NODE_OPTIONS may not carry --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const start = (name: string, env: Record<string, string>) =>
    spawn(process.execPath, [...profile, ...entry(name)], {
      cwd: root,
      env: { ...process.env, ...common, ...env },
      stdio: 'ignore',
    });
  const children: ChildProcess[] = [];
  const startupMs = { workers: [] as number[], api: 0 };
  try {
    for (let i = 0; i < workers; i++) {
      const [health, sdk] = [await freePort(), await freePort()];
      const started = performance.now();
      const child = start('worker/main', { WORKER_HEALTH_PORT: String(health), WORKER_SDK_METRICS_PORT: String(sdk) });
      children.push(child);
      await waitForHttpOk(`http://127.0.0.1:${health}/health`, 120_000, () => child.exitCode === null);
      startupMs.workers.push(performance.now() - started);
    }
    const port = await freePort();
    const started = performance.now();
    const api = start('api/main', {
      API_PORT: String(port),
      API_PUBLIC_URL: `http://127.0.0.1:${port}`,
      API_PROCESSES: String(apis),
    });
    children.push(api);
    const apiUrl = `http://127.0.0.1:${port}`;
    await waitForHttpOk(`${apiUrl}/health`, 120_000, () => api.exitCode === null);
    startupMs.api = performance.now() - started;
    return { apiUrl, children, startupMs };
  } catch (err) {
    await stopProcesses(children);
    throw err;
  }
}

export async function stopProcesses(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (c) =>
        new Promise((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve(undefined);
          c.once('exit', resolve);
          c.kill('SIGTERM');
        }),
    ),
  );
}

export async function startPlatform(topology: Topology = 'in-process'): Promise<Platform> {
  const stack = await startTestStack();
  let processes: PlatformProcesses | undefined;
  try {
    if (topology === 'processes') processes = await startPlatformProcesses(stack);
  } catch (err) {
    await stack.stop();
    throw err;
  }
  const apiUrl = processes?.apiUrl ?? stack.apiUrl;
  const roles = new Map<number, string>(
    processes
      ? [
          ...processes.children.slice(0, -1).map((w) => [w.pid!, 'worker'] as const),
          [processes.children.at(-1)!.pid!, 'API'],
          [process.pid, 'signing service + TSA + client'],
        ]
      : [[process.pid, 'API + worker + signing service + TSA + client']],
  );
  return {
    stack,
    topology,
    roles,
    async call(method, path, userKey, json, headers) {
      const res = await fetch(`${apiUrl}${path}`, {
        method,
        headers: {
          'X-API-Key': stack.demoApiKey,
          'X-User-ID': user(userKey),
          ...(json ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: json ? JSON.stringify(json) : undefined,
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
    async stop() {
      if (processes) await stopProcesses(processes.children);
      await stack.stop();
    },
  };
}

export function expect(res: { status: number; body: unknown }, status: number): any {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}
