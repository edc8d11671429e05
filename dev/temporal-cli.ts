/**
 * Finds the Temporal CLI (which embeds the dev server and Web UI): TEMPORAL_CLI, then PATH,
 * then Go's bin folder; builds it with `go install` when Go is present. Returns undefined when
 * neither exists, and the caller falls back to the SDK's downloaded dev server.
 */
import { execFileSync, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { TEMPORAL_CLI_VERSION } from './temporal-version.js';

export const TEMPORAL_CLI_MODULE = `github.com/temporalio/cli/cmd/temporal@v${TEMPORAL_CLI_VERSION}`;

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(binary: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, binary))) return path.join(dir, binary);
  }
  return undefined;
}

function goEnv(name: string): string | undefined {
  try {
    return execFileSync('go', ['env', name], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export function goAvailable(): boolean {
  return onPath('go') !== undefined;
}

/** Where `go install` puts binaries: GOBIN, else the first GOPATH entry's bin. */
export function goBinDir(): string | undefined {
  if (!goAvailable()) return undefined;
  const gobin = goEnv('GOBIN');
  if (gobin) return gobin;
  const gopath = goEnv('GOPATH');
  return gopath ? path.join(gopath.split(path.delimiter)[0]!, 'bin') : undefined;
}

export function findTemporalCli(configured: string | undefined): string | undefined {
  if (configured) {
    if (!isExecutable(configured)) throw new Error(`TEMPORAL_CLI=${configured} is not an executable file`);
    return configured;
  }
  const fromPath = onPath('temporal');
  if (fromPath) return fromPath;
  const binDir = goBinDir();
  const fromGo = binDir && path.join(binDir, 'temporal');
  return fromGo && isExecutable(fromGo) ? fromGo : undefined;
}

/** `go install` of the pinned CLI; Go caches modules and build output, so later builds are quick. */
export async function buildTemporalCli(log: (line: string) => void): Promise<string> {
  log(`building the Temporal CLI with: go install ${TEMPORAL_CLI_MODULE} (several minutes the first time)`);
  const started = Date.now();
  const child = spawn('go', ['install', TEMPORAL_CLI_MODULE], { stdio: ['ignore', 'pipe', 'pipe'], cwd: '/' });
  const output: string[] = [];
  child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  const ticker = setInterval(
    () => log(`still building the Temporal CLI... ${Math.round((Date.now() - started) / 1000)}s`),
    15_000,
  );
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(ticker);
  if (code !== 0)
    throw new Error(`go install ${TEMPORAL_CLI_MODULE} failed (exit ${code}):\n${output.join('').slice(-4000)}`);
  const built = findTemporalCli(undefined);
  if (!built) throw new Error("go install succeeded but the temporal binary was not found in Go's bin folder");
  log(`Temporal CLI built in ${Math.round((Date.now() - started) / 1000)}s: ${built}`);
  return built;
}

/** The CLI to use, building it if needed; undefined means "use the SDK's downloaded server". */
export async function ensureTemporalCli(
  configured: string | undefined,
  log: (line: string) => void,
): Promise<string | undefined> {
  const found = findTemporalCli(configured);
  if (found) return found;
  if (goAvailable()) return buildTemporalCli(log);
  return undefined;
}
