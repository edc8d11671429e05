/**
 * What the signer benchmarks share: the signing service and its TSA as their own processes, as
 * production runs them (compiled JavaScript from `npm run build`), stopped together, and the
 * ~10 MB one-page scan they sign.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  PDFDocument,
  StandardFonts,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import { freePort } from '../dev/ports.js';
import { waitForHttpOk } from '../dev/wait.js';
import { ensureDevPki, type DevPki } from '../signer/dev-pki.js';
import { SIGNER_NODE_FLAGS } from '../signer/node-flags.js';

const root = fileURLToPath(new URL('..', import.meta.url));
let stopping = false;

let built = false;

/**
 * A service process from `dist/<entry>.js` (built once per benchmark) with the Node flags
 * production gives it; its stderr is shown, and an exit before `stopServices` (or its own stop)
 * ends the benchmark.
 */
export function startService(entry: string, env: Record<string, string>): ChildProcess {
  if (!built) {
    if (spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0)
      throw new Error('npm run build failed');
    built = true;
  }
  // BENCH_CPU_PROF=<dir>: the process writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, ...nodeFlags(entry), path.join(root, 'dist', `${entry}.js`)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping && !child.killed) {
      console.error(`${entry} exited unexpectedly (code ${code}, signal ${signal})`);
      process.exit(1);
    }
  });
  return child;
}

/** The flags production starts `entry` with (docker-compose.yml). */
export function nodeFlags(entry: string): readonly string[] {
  return entry === 'signer/main' ? SIGNER_NODE_FLAGS : [];
}

export interface SigningServices {
  pki: DevPki;
  /** The signing service's URL and process. */
  url: string;
  signer: ChildProcess;
  /** The TSA's URL, and what `startService` needs to start it again (a benchmark may restart it). */
  tsaUrl: string;
  tsa: ChildProcess;
  tsaEnv: Record<string, string>;
}

/**
 * A dev PKI in `dir` whose certificates point at the TSA process's OCSP responder and CRLs, the
 * TSA, and the signing service with `apiKey`; resolves once both answer /health.
 */
export async function startSigningServices(dir: string, apiKey: string, logLevel: string): Promise<SigningServices> {
  const [tsaPort, signerPort] = [await freePort(), await freePort()];
  const tsaUrl = `http://127.0.0.1:${tsaPort}`;
  const url = `http://127.0.0.1:${signerPort}`;
  const pki = await ensureDevPki({ dir: path.join(dir, 'pki'), tenants: ['demo'], revocationUrl: tsaUrl });
  const tsaEnv = { TSA_PORT: String(tsaPort), TSA_PKI_DIR: pki.dir, LOG_LEVEL: logLevel };
  const tsa = startService('signer/tsa/main', tsaEnv);
  const signer = startService('signer/main', {
    ENVIRONMENT: 'test',
    API_KEY: apiKey,
    CERTS_DIR: pki.certsDir,
    CERT_PASSWORDS_FILE: pki.passwordsFile,
    TSA_URL: tsaUrl,
    SIGNER_PORT: String(signerPort),
    LOG_LEVEL: logLevel,
  });
  await Promise.all([waitForHealth(tsaUrl), waitForHealth(url)]);
  return { pki, url, signer, tsaUrl, tsa, tsaEnv };
}

/** Up when `<url>/health` answers 200 (polled every 100 ms, for 30 s at most). */
export const waitForHealth = (url: string) => waitForHttpOk(`${url}/health`, 30_000, () => true, 100);

export function stopService(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function stopServices(children: ChildProcess[]): Promise<void> {
  stopping = true;
  await Promise.all(children.map(stopService));
}

/** A one-page Letter document of ~10 MB: a full-page incompressible scan, and the end-text marker. */
export async function tenMegabytePdf(marker = '##FIN_TEXTO##'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const side = 1824; // 1824² × 3 bytes ≈ 9.98 MB of pixels
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i += 4) pixels.writeUInt32LE((Math.random() * 0x100000000) >>> 0, i);
  const image = doc.context.register(
    doc.context.stream(pixels, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: side,
      Height: side,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
    }),
  );
  const name = page.node.newXObject('Scan', image);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(540, 0, 0, 380, 36, 400),
    drawObject(name),
    popGraphicsState(),
  );
  page.drawText(marker, { x: 72, y: 380, size: 6, font });
  return Buffer.from(await doc.save());
}
