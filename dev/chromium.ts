/**
 * Headless Chromium renders document HTML to PDF. `npm start` makes sure it is there: found at
 * CHROMIUM_PATH, else installed from Debian's packages (as root, or with sudo), else a clear error.
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const PACKAGES = ['chromium', 'fonts-dejavu-core', 'fonts-liberation'];

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function run(command: string, args: string[], log: (line: string) => void): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    child.stdout.on('data', () => undefined);
    child.stderr.on('data', (d: Buffer) =>
      d
        .toString()
        .split('\n')
        .filter(Boolean)
        .forEach((l) => log(l)),
    );
    child.on('close', resolve);
  });
}

export async function ensureChromium(path: string, log: (line: string) => void): Promise<void> {
  if (executable(path)) return;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = !root && spawnSync('sh', ['-c', 'command -v sudo']).status === 0;
  if (!hasApt || (!root && !sudo)) {
    throw new Error(
      `Chromium not found at ${path}: install it (Debian: apt-get install ${PACKAGES.join(' ')}) or set CHROMIUM_PATH`,
    );
  }
  log(`Chromium not found at ${path}: installing ${PACKAGES.join(' ')} from Debian's packages (a minute or two, once)`);
  const prefix = root ? [] : ['sudo'];
  const apt = (args: string[]) => run(prefix[0] ?? 'apt-get', root ? args : ['apt-get', ...args], log);
  if ((await apt(['install', '-y', '--no-install-recommends', ...PACKAGES])) !== 0) {
    await apt(['update']);
    if ((await apt(['install', '-y', '--no-install-recommends', ...PACKAGES])) !== 0)
      throw new Error('installing Chromium failed (see above)');
  }
  if (!executable(path)) throw new Error(`Chromium installed but not found at ${path}: set CHROMIUM_PATH`);
}
