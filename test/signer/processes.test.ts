import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../dev/ports.js';
import { SIGNER_NODE_FLAGS } from '../../signer/node-flags.js';
import { call, fields, sign } from './support/http.js';
import { letterPdf } from './support/pdfs.js';
import { tempDir } from './support/service.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function start(
  entry: string,
  env: Record<string, string>,
  nodeFlags: readonly string[] = [],
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', path.join(root, entry)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForHealth(url: string, proc: { output: () => string }): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url}:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('signer: the service and TSA processes', () => {
  it('docker-compose.yml starts the signing service with the Node flags the other starts use', async () => {
    const compose = await readFile(path.join(root, 'docker-compose.yml'), 'utf8');
    const service = /^ {2}signer:\n((?: {4}.*\n|\s*\n)+)/m.exec(compose)?.[1];
    assert.ok(service, 'docker-compose.yml has no signer service');
    const command = /^ {4}command: (\[.*\])$/m.exec(service)?.[1];
    assert.ok(command, 'the signer service has no command');
    assert.deepEqual(JSON.parse(command), ['node', ...SIGNER_NODE_FLAGS, 'dist/signer/main.js']);
  });

  it('start on their own with a fresh dev PKI, sign, and exit 0 on SIGTERM/SIGINT', async function () {
    this.timeout(60_000);
    const dataDir = path.join(await tempDir(), 'processes-data');
    const signerPort = await freePort();
    const tsaPort = await freePort();
    const env = {
      ENVIRONMENT: 'test',
      DATA_DIR: dataDir,
      SIGNER_PORT: String(signerPort),
      TSA_PORT: String(tsaPort),
      API_KEY: 'process-key',
      LOG_LEVEL: 'warn',
    };
    const tsa = start('signer/tsa/main.ts', env);
    const signer = start('signer/main.ts', env, SIGNER_NODE_FLAGS);
    try {
      const url = `http://127.0.0.1:${signerPort}`;
      await Promise.all([
        waitForHealth(`${url}/health`, signer),
        waitForHealth(`http://127.0.0.1:${tsaPort}/health`, tsa),
      ]);
      await access(path.join(dataDir, 'pki', 'certs', 'demo.p12'));
      const health = await call(url, '/health', { apiKey: null });
      assert.deepEqual(health.json.available_certificates, ['demo']);
      const res = await sign(url, { pdf: await letterPdf(), fields: fields(), apiKey: 'process-key' });
      assert.equal(res.status, 200, res.bytes.toString('utf8').slice(0, 200));
      assert.equal(res.headers.get('x-signature-type'), 'pades');
    } finally {
      signer.child.kill('SIGTERM');
      tsa.child.kill('SIGINT');
    }
    assert.equal(await signer.exited, 0, signer.output());
    assert.equal(await tsa.exited, 0, tsa.output());
  });

  it('refuses to start with unusable configuration, saying why', async () => {
    const proc = start('signer/main.ts', {
      ENVIRONMENT: 'prd',
      API_KEY: '',
      CERTS_DIR: '/nonexistent',
      TSA_URL: 'http://127.0.0.1:1',
    });
    assert.equal(await proc.exited, 1);
    assert.match(proc.output(), /configuration error: API_KEY is required/);
  });
});
