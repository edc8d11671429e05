/**
 * `npm start` end to end, as a user runs it: embedded Postgres and the Temporal dev server on
 * free ports with a throwaway data folder, `ready:` printed, health 200, the system-check run
 * visible to an operator, a crashed signing service restarted while the API keeps serving, Ctrl-C
 * to the process group → exit 0 and nothing left running; then a second start on the same data
 * finds the first run's workflow (SQLite persistence).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { freePort } from '../dev/ports.js';

interface Started {
  child: ChildProcess;
  output: string[];
  ready: string;
}

function startStack(env: NodeJS.ProcessEnv): Promise<Started> {
  const child = spawn('npm', ['start'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ready line in 150 s:\n${output.join('').slice(-3000)}`)),
      150_000,
    );
    const onData = (d: Buffer) => {
      output.push(d.toString());
      const ready = output
        .join('')
        .split('\n')
        .find((l) => l.startsWith('ready:'));
      if (ready) {
        clearTimeout(timer);
        resolve({ child, output, ready });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code} before ready:\n${output.join('').slice(-3000)}`));
    });
  });
}

/** Ctrl-C in a terminal: SIGINT to the whole foreground process group. */
async function ctrlC(started: Started): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => started.child.on('exit', (code) => resolve(code)));
  process.kill(-started.child.pid!, 'SIGINT');
  return exited;
}

interface ProcessStatus {
  pid: number | null;
  state: string;
  restarts: number;
  last_exit: { code: number | null; signal: string | null } | null;
}

/** The pids and states `npm start` keeps for operators in DATA_DIR/processes.json. */
async function processStatus(dataDir: string): Promise<Record<string, ProcessStatus>> {
  return (
    JSON.parse(await readFile(path.join(dataDir, 'processes.json'), 'utf8')) as {
      processes: Record<string, ProcessStatus>;
    }
  ).processes;
}

const statusOf = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    (r) => r.status,
    (err: Error) => err.message,
  );

/** Processes whose environment carries our throwaway DATA_DIR (every process the stack started). */
async function processesWith(dataDir: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of (await readdir('/proc')).filter((p) => /^\d+$/.test(p))) {
    try {
      const environ = await readFile(`/proc/${pid}/environ`, 'utf8');
      if (environ.split('\0').includes(`DATA_DIR=${dataDir}`)) {
        found.push(`${pid} ${(await readFile(`/proc/${pid}/cmdline`, 'utf8')).replace(/\0/g, ' ')}`);
      }
    } catch {
      // process ended while we looked
    }
  }
  return found;
}

/**
 * Holds `port` on loopback, as another stack's worker would (undefined when someone already
 * does: then it is taken anyway).
 */
function occupy(port: number): Promise<net.Server | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('npm start (whole system on embedded defaults)', function () {
  this.timeout(400_000);
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let ports: Record<string, number>;
  let held: net.Server | undefined;

  before(async () => {
    // Another copy of the stack on this machine: its worker's SDK metrics exporter on the port
    // that was once everyone's fixed default. This stack must not care.
    held = await occupy(3201);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'expediente-start-'));
    // mkdtemp makes it 0700; the embedded Postgres runs as the postgres user when we are root.
    await chmod(dataDir, 0o711);
    ports = {
      api: await freePort(),
      signer: await freePort(),
      tsa: await freePort(),
      csc: await freePort(),
      worker: await freePort(),
      temporal: await freePort(),
      ui: await freePort(),
      pg: await freePort(),
      oidc: await freePort(),
      smtp: await freePort(),
      mailWeb: await freePort(),
    };
    env = {
      ...process.env,
      DATA_DIR: dataDir,
      API_PORT: String(ports.api),
      SIGNER_PORT: String(ports.signer),
      TSA_PORT: String(ports.tsa),
      CSC_PORT: String(ports.csc),
      WORKER_HEALTH_PORT: String(ports.worker),
      OIDC_PORT: String(ports.oidc),
      SMTP_PORT: String(ports.smtp),
      MAILDEV_WEB_PORT: String(ports.mailWeb),
      TEMPORAL_PORT: String(ports.temporal),
      TEMPORAL_UI_PORT: String(ports.ui),
      EMBEDDED_PG_PORT: String(ports.pg),
    };
    delete env.DATABASE_URL;
    delete env.TEMPORAL_ADDRESS;
    for (const name of [
      'SIGNER_URL',
      'CERTS_DIR',
      'TSA_URL',
      'API_KEY',
      'ENVIRONMENT',
      'OIDC_ISSUER',
      'SMTP_HOST',
      'CSC_URL',
      'IDP_BASE_URL',
      'WORKER_SDK_METRICS_PORT',
    ])
      delete env[name];
  });

  after(async () => {
    held?.close();
    for (const line of await processesWith(dataDir)) process.kill(Number(line.split(' ')[0]), 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reaches ready:, serves health, shows the system check to operators, restarts a crashed child, stops cleanly, and keeps workflows across a restart', async () => {
    const first = await startStack(env);
    assert.equal(
      first.ready,
      `ready: api=http://127.0.0.1:${ports.api} signer=http://127.0.0.1:${ports.signer} tsa=http://127.0.0.1:${ports.tsa} csc=http://127.0.0.1:${ports.csc} oidc=http://127.0.0.1:${ports.oidc}` +
        ` web=http://127.0.0.1:${ports.api}/ mail=http://127.0.0.1:${ports.mailWeb} temporal=127.0.0.1:${ports.temporal} temporal-ui=http://127.0.0.1:${ports.ui}`,
    );
    assert.match(first.output.join(''), /demo integration API key \(shown only now; store it\): exk_/);
    const checkId = first.output.join('').match(/system check (system-check\/demo\/\S+) completed/)?.[1];
    assert.ok(checkId, 'the start-up system check ran');

    const health = await fetch(`http://127.0.0.1:${ports.api}/health`);
    assert.equal(health.status, 200);
    const body = (await health.json()) as { checks: Record<string, { status: string }> };
    assert.equal(body.checks.postgres!.status, 'up');
    assert.equal(body.checks.temporal!.status, 'up');

    const worker = await fetch(`http://127.0.0.1:${ports.worker}/health`);
    assert.equal(worker.status, 200);
    assert.equal(((await worker.json()) as { state: string }).state, 'RUNNING');
    // The worker's SDK exporter took a free port (logged) and its /metrics reads it there.
    const exporter = first.output.join('').match(/Temporal SDK metrics exporter listening.*127\.0\.0\.1:(\d+)/);
    assert.ok(
      exporter && Number(exporter[1]) !== 3201,
      `the exporter's port is logged:\n${first.output.join('').slice(-2000)}`,
    );
    const workerMetrics = await (await fetch(`http://127.0.0.1:${ports.worker}/metrics`)).text();
    assert.match(workerMetrics, /^temporal_/m, "the SDK metrics are in the worker's /metrics");

    const ui = await fetch(`http://127.0.0.1:${ports.ui}/`);
    assert.equal(ui.status, 200);

    // What an operator sees: the run is listed by its Tenant search attribute.
    const connection = await Connection.connect({ address: `127.0.0.1:${ports.temporal}` });
    try {
      const client = new Client({ connection });
      let ids: string[] = [];
      for (let i = 0; i < 40 && !ids.includes(checkId); i++) {
        ids = [];
        for await (const wf of client.workflow.list({ query: 'Tenant="demo"' })) ids.push(wf.workflowId);
        if (!ids.includes(checkId)) await new Promise((r) => setTimeout(r, 250));
      }
      assert.ok(ids.includes(checkId), `visibility lists ${checkId}`);
    } finally {
      await connection.close();
    }

    // A crash of the signing service: it comes back on its own, nothing else is touched.
    const before = await processStatus(dataDir);
    assert.deepEqual(Object.keys(before), [
      'postgres',
      'temporal',
      'tsa',
      'signer',
      'csc',
      'oidc',
      'mail',
      'worker',
      'api',
    ]);
    assert.match(
      first.output.join(''),
      new RegExp(`processes: .*signer=${before.signer!.pid} `),
      'the pids are in the log too',
    );
    process.kill(before.signer!.pid!, 'SIGKILL');
    const apiAnswers = new Set<number | string>();
    const deadline = Date.now() + 30_000;
    for (;;) {
      apiAnswers.add(await statusOf(`http://127.0.0.1:${ports.api}/health`));
      const now = await processStatus(dataDir);
      if (now.signer!.pid !== before.signer!.pid && (await statusOf(`http://127.0.0.1:${ports.signer}/health`)) === 200)
        break;
      assert.ok(
        Date.now() < deadline,
        `the signing service is back within 30 s:\n${first.output.join('').slice(-2000)}`,
      );
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.deepEqual([...apiAnswers], [200], 'the API kept serving');
    const after = await processStatus(dataDir);
    assert.deepEqual(
      [after.signer!.state, after.signer!.restarts, after.signer!.last_exit?.signal],
      ['running', 1, 'SIGKILL'],
    );
    for (const name of Object.keys(before).filter((n) => n !== 'signer')) {
      assert.deepEqual([after[name]!.pid, after[name]!.restarts], [before[name]!.pid, 0], `${name} kept running`);
    }
    assert.match(first.output.join(''), /signer exited \(signal SIGKILL\) after [\d.]+ s; restarting in 0\.5 s/);
    assert.match(first.output.join(''), /signer restarted \(pid \d+, restart 1\)/);

    assert.equal(await ctrlC(first), 0);
    assert.match(first.output.join(''), /database system is shut down/);
    assert.deepEqual(await processesWith(dataDir), []);
    await assert.rejects(readFile(path.join(dataDir, 'processes.json')), 'the status file goes with the stack');

    const second = await startStack(env);
    assert.doesNotMatch(second.output.join(''), /demo integration API key/, 'the seed is idempotent: no second key');
    const again = await Connection.connect({ address: `127.0.0.1:${ports.temporal}` });
    try {
      const described = await new Client({ connection: again }).workflow.getHandle(checkId).describe();
      assert.equal(described.status.name, 'COMPLETED');
    } finally {
      await again.close();
    }
    assert.equal(await ctrlC(second), 0);
    assert.deepEqual(await processesWith(dataDir), []);
  });
});
