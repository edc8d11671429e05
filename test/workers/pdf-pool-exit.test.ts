/**
 * The PDF worker pool holds no process open: a process that read a PDF in it and has nothing
 * else to do exits by itself (a CLI, an API being stopped, a test run). Its threads are unref'd,
 * and Node refs a worker's port again when its first 'message' listener is attached.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = `
import { runPdfTask } from ${JSON.stringify(fileURLToPath(new URL('../../domain/documents/pdf-workers.ts', import.meta.url)))};
import { PDFDocument } from 'pdf-lib';
const doc = await PDFDocument.create();
doc.addPage([612, 792]);
const { sizes } = await runPdfTask({ kind: 'check', pdf: await doc.save() });
console.log(JSON.stringify(sizes));
`;

describe('PDF worker pool', function () {
  this.timeout(60_000);

  it('lets a process that used it exit on its own once the work is done', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    const stuck = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    clearTimeout(stuck);
    assert.equal(code, 0, `still running after 30 s, or failed:\n${out}`);
    assert.match(out, /\[\[612,792\]\]/);
  });
});
