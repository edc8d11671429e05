/**
 * Builds the desk (vite build into web/dist) when the bundle is missing or older than its
 * sources. Used by `npm start`, the browser tests and the bench, so each serves a current bundle.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB_DIR = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = path.join(WEB_DIR, 'dist');

function newestMtime(target: string): number {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when web/dist/index.html is missing or older than any source of the bundle. */
export function webBuildStale(): boolean {
  const built = statSync(path.join(WEB_DIST, 'index.html'), { throwIfNoEntry: false });
  if (!built) return true;
  const sources = ['src', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
    newestMtime(path.join(WEB_DIR, p)),
  );
  return Math.max(...sources) > built.mtimeMs;
}

export async function buildWeb(log: (line: string) => void = () => undefined): Promise<void> {
  const vite = [
    path.join(WEB_DIR, 'node_modules', '.bin', 'vite'),
    path.join(WEB_DIR, '..', 'node_modules', '.bin', 'vite'),
  ].find((p) => existsSync(p));
  if (!vite) throw new Error('vite is not installed: run npm ci at the repository root');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(vite, ['build', '--logLevel', 'warn'], { cwd: WEB_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines = (chunk: Buffer) => chunk.toString().split('\n').filter(Boolean).forEach(log);
    child.stdout.on('data', lines);
    child.stderr.on('data', lines);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))));
  });
}

/** Builds when stale; answers whether it built. */
export async function ensureWebBuild(log: (line: string) => void = () => undefined): Promise<boolean> {
  if (!webBuildStale()) return false;
  await buildWeb(log);
  return true;
}
