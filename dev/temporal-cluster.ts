/**
 * A real Temporal server, not the dev server: `go.temporal.io/server` at TEMPORAL_VERSION built
 * from the Go module proxy, its persistence and visibility on PostgreSQL, the schemas created and
 * brought up to date by Temporal's own SQL tool (`temporal-sql-tool`, built beside it) from the
 * schema files the module ships, and the server's dynamic configuration from
 * deploy/temporal/dynamicconfig (the file docker compose mounts). All four services (frontend,
 * history, matching, worker) run in one process, as the temporalio/server image runs them.
 *
 * Namespace creation is an operator step on a real cluster (docker compose's temporal-namespace);
 * here `start` registers the namespace when missing. The project's search attributes are the
 * worker's to register at its start (worker/search-attributes.ts), as on any cluster.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time.js';
import { ManagedProcess } from './managed-process.js';
import { freePort } from './ports.js';
import { waitForTemporal } from './temporal-server.js';
import { TEMPORAL_VERSION } from './temporal-version.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
export const TEMPORAL_SERVER_MODULE = 'go.temporal.io/server';
const DYNAMIC_CONFIG = path.join(root, 'deploy', 'temporal', 'dynamicconfig', 'development-sql.yaml');

export interface TemporalServerTools {
  /** The server binary (`temporal-server start`). */
  server: string;
  /** temporal-sql-tool. */
  sqlTool: string;
  /** The module's schema/postgresql/v12 folder (temporal/ and visibility/ versioned updates). */
  schemaDir: string;
}

/**
 * Builds the server and its SQL tool into .tools/temporal-server-<version>/ with `go install`
 * (minutes the first time; Go caches the rest) unless they are there, and finds the module's
 * schema files in Go's module cache.
 */
export async function ensureTemporalServerTools(log: (line: string) => void): Promise<TemporalServerTools> {
  const bin = path.join(root, '.tools', `temporal-server-${TEMPORAL_VERSION}`);
  const tools = { server: path.join(bin, 'server'), sqlTool: path.join(bin, 'sql') };
  const module = `${TEMPORAL_SERVER_MODULE}@v${TEMPORAL_VERSION}`;
  if (!existsSync(tools.server) || !existsSync(tools.sqlTool)) {
    log(
      `building the Temporal server ${TEMPORAL_VERSION} and temporal-sql-tool with go install (several minutes the first time)`,
    );
    const started = Date.now();
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        'go',
        [
          'install',
          `${TEMPORAL_SERVER_MODULE}/cmd/server@v${TEMPORAL_VERSION}`,
          `${TEMPORAL_SERVER_MODULE}/cmd/tools/sql@v${TEMPORAL_VERSION}`,
        ],
        {
          cwd: '/',
          env: { ...process.env, GOBIN: bin },
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`go install ${module} failed (exit ${code}):\n${stderr}`)),
      );
    });
    log(`Temporal server built in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  const { stdout } = await run('go', ['mod', 'download', '-json', module], { cwd: '/' });
  const schemaDir = path.join((JSON.parse(stdout) as { Dir: string }).Dir, 'schema', 'postgresql', 'v12');
  if (!existsSync(path.join(schemaDir, 'temporal', 'versioned')))
    throw new Error(`no PostgreSQL schema in ${schemaDir}`);
  return { ...tools, schemaDir };
}

export interface TemporalClusterOptions {
  tools: TemporalServerTools;
  /** PostgreSQL holding Temporal's two databases (created when missing). */
  postgresUrl: string;
  /** Holds the rendered configuration. */
  dir: string;
  namespace: string;
  onLine: (line: string) => void;
  /** History shards, fixed when the cluster is first created. */
  historyShards?: number;
}

interface Ports {
  frontend: number;
  frontendHttp: number;
  frontendMembership: number;
  history: number;
  historyMembership: number;
  matching: number;
  matchingMembership: number;
  worker: number;
  workerMembership: number;
}

const DATABASES = { default: 'temporal', visibility: 'temporal_visibility' } as const;

/** The server's configuration: the production shape of config/development-postgres12.yaml. */
function configYaml(pgUrl: URL, ports: Ports, shards: number): string {
  const store = (database: string, maxConns: number) => `
      sql:
        pluginName: "postgres12"
        databaseName: "${database}"
        connectAddr: "${pgUrl.hostname}:${pgUrl.port}"
        connectProtocol: "tcp"
        user: "${decodeURIComponent(pgUrl.username)}"
        password: "${decodeURIComponent(pgUrl.password)}"
        maxConns: ${maxConns}
        maxIdleConns: ${maxConns}
        maxConnLifetime: "1h"`;
  const service = (grpc: number, membership: number, http?: number) => `
    rpc:
      grpcPort: ${grpc}
      membershipPort: ${membership}
      bindOnLocalHost: true${http ? `\n      httpPort: ${http}` : ''}`;
  return `log:
  stdout: true
  level: warn
persistence:
  defaultStore: postgres-default
  visibilityStore: postgres-visibility
  numHistoryShards: ${shards}
  datastores:
    postgres-default:${store(DATABASES.default, 20)}
    postgres-visibility:${store(DATABASES.visibility, 5)}
global:
  membership:
    maxJoinDuration: 30s
    broadcastAddress: "127.0.0.1"
services:
  frontend:${service(ports.frontend, ports.frontendMembership, ports.frontendHttp)}
  history:${service(ports.history, ports.historyMembership)}
  matching:${service(ports.matching, ports.matchingMembership)}
  worker:${service(ports.worker, ports.workerMembership)}
clusterMetadata:
  enableGlobalNamespace: false
  failoverVersionIncrement: 10
  masterClusterName: "active"
  currentClusterName: "active"
  clusterInformation:
    active:
      enabled: true
      initialFailoverVersion: 1
      rpcName: "frontend"
      rpcAddress: "127.0.0.1:${ports.frontend}"
dcRedirectionPolicy:
  policy: "noop"
dynamicConfigClient:
  filepath: "${DYNAMIC_CONFIG}"
  pollInterval: "10s"
`;
}

/** temporal-sql-tool against one of Temporal's databases. */
async function sqlTool(tools: TemporalServerTools, pgUrl: URL, database: string, args: string[]): Promise<void> {
  await run(
    tools.sqlTool,
    [
      '--plugin',
      'postgres12',
      '--ep',
      pgUrl.hostname,
      '-p',
      pgUrl.port,
      '-u',
      decodeURIComponent(pgUrl.username),
      '--db',
      database,
      ...args,
    ],
    { env: { ...process.env, SQL_PASSWORD: decodeURIComponent(pgUrl.password) } },
  );
}

/** Creates Temporal's databases when missing and brings both schemas to this release's version. */
export async function setupTemporalSchema(tools: TemporalServerTools, postgresUrl: string): Promise<void> {
  const pgUrl = new URL(postgresUrl);
  for (const [database, versioned] of [
    [DATABASES.default, 'temporal'],
    [DATABASES.visibility, 'visibility'],
  ] as const) {
    // `create` fails when the database exists, which is fine on a restart.
    await sqlTool(tools, pgUrl, database, ['create-database']).catch(() => undefined);
    // setup-schema -v 0.0 creates the version table only; update-schema applies every versioned step.
    await sqlTool(tools, pgUrl, database, ['setup-schema', '-v', '0.0']).catch(() => undefined);
    await sqlTool(tools, pgUrl, database, ['update-schema', '-d', path.join(tools.schemaDir, versioned, 'versioned')]);
  }
}

/** A month: what docker compose's temporal-namespace gives the namespace. */
const RETENTION_MS = 30 * 86_400_000;

/** Registers `namespace` (30 days' retention) when missing and waits until it can be used. */
async function ensureNamespace(address: string, namespace: string): Promise<void> {
  const connection = await Connection.connect({ address });
  try {
    const exists = await connection.workflowService.describeNamespace({ namespace }).then(
      () => true,
      () => false,
    );
    if (!exists) {
      await connection.workflowService
        .registerNamespace({ namespace, workflowExecutionRetentionPeriod: msToTs(RETENTION_MS) })
        .catch((err: { code?: number }) => {
          if (err.code !== 6) throw err; // ALREADY_EXISTS: a concurrent start registered it
        });
    }
    // A new namespace reaches every service's cache within seconds; until then calls on it fail.
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        await connection.workflowService.countWorkflowExecutions({ namespace, query: 'ExecutionStatus="Running"' });
        return;
      } catch (err) {
        if (Date.now() > deadline) throw new Error(`namespace ${namespace} not usable after 60 s: ${String(err)}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  } finally {
    await connection.close();
  }
}

/** The server on fixed ports; `stop` and `start` restart it in place (same ports, same data). */
export class TemporalCluster {
  private process: ManagedProcess | undefined;

  private constructor(
    private readonly options: TemporalClusterOptions,
    private readonly ports: Ports,
  ) {}

  get address(): string {
    return `127.0.0.1:${this.ports.frontend}`;
  }

  get pid(): number | undefined {
    return this.process?.child.pid;
  }

  static async start(options: TemporalClusterOptions): Promise<TemporalCluster> {
    const ports: Ports = {
      frontend: await freePort(),
      frontendHttp: await freePort(),
      frontendMembership: await freePort(),
      history: await freePort(),
      historyMembership: await freePort(),
      matching: await freePort(),
      matchingMembership: await freePort(),
      worker: await freePort(),
      workerMembership: await freePort(),
    };
    await setupTemporalSchema(options.tools, options.postgresUrl);
    await mkdir(path.join(options.dir, 'config'), { recursive: true });
    await writeFile(
      path.join(options.dir, 'config', 'production.yaml'),
      configYaml(new URL(options.postgresUrl), ports, options.historyShards ?? 8),
    );
    const cluster = new TemporalCluster(options, ports);
    await cluster.start();
    await ensureNamespace(cluster.address, options.namespace);
    return cluster;
  }

  /** Starts the server process (after `stop`) and waits until its frontend answers. */
  async start(): Promise<void> {
    if (this.process?.running) return;
    const server = new ManagedProcess({
      name: 'temporal-server',
      command: this.options.tools.server,
      args: ['--root', this.options.dir, '--config', 'config', '--env', 'production', 'start'],
      onLine: this.options.onLine,
    });
    this.process = server;
    try {
      await waitForTemporal(this.address, 90_000, () => server.running);
    } catch (err) {
      await server.stop('SIGKILL', 1_000);
      throw err;
    }
  }

  /** SIGTERM (the server drains and leaves its membership ring), SIGKILL after 20 s. */
  async stop(): Promise<void> {
    await this.process?.stop('SIGTERM', 20_000);
  }

  killNow(): void {
    this.process?.killGroupNow('SIGKILL');
  }
}
