import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { createLogger } from '../../lib/log.js';
import { SignerError } from '../../signer/errors.js';
import { PdfDocument } from '../../signer/pdf/document.js';
import { PdfReadError } from '../../lib/pdf/errors.js';
import type { RunningSigner } from '../../signer/server.js';
import { DocumentWorkers } from '../../signer/workers/document-workers.js';
import { call, fields, sign, type SignerResponse } from './support/http.js';
import {
  MARKER_TEXT,
  deepContentNesting,
  deepNesting,
  heavyPage,
  inflateBomb,
  manyStreamsBomb,
  onePage,
  rawPdf,
  xrefStreamPdf,
} from './support/hostile-pdfs.js';
import { letterPdf } from './support/pdfs.js';
import { startSigner } from './support/service.js';

/** Opens `pdf` in-process and returns the PdfReadError it must be refused with, and how long that took. */
function refusal(pdf: Buffer): { message: string; ms: number } {
  const started = performance.now();
  try {
    PdfDocument.open(pdf);
  } catch (err) {
    assert.ok(err instanceof PdfReadError, `expected a PdfReadError, got ${(err as Error)?.stack}`);
    return { message: err.message, ms: performance.now() - started };
  }
  assert.fail('the document was accepted');
}

function assertInvalidPdf(res: SignerResponse, message: RegExp): void {
  assert.equal(res.status, 400, res.bytes.toString('utf8').slice(0, 300));
  assert.equal(res.json.code, 'INVALID_PDF_FILE');
  assert.match(res.json.message, message);
}

describe('signer: every count and size read from a PDF is bounded', () => {
  describe('the reader refuses, quickly, what a file cannot hold', () => {
    it('a cross-reference stream of zero-width rows announcing 10 million entries', () => {
      const r = refusal(xrefStreamPdf([0, 0, 0], [0, 10_000_000], Buffer.alloc(0)));
      assert.match(r.message, /empty rows/);
      assert.ok(r.ms < 200, `${r.ms} ms`);
    });

    it('a cross-reference stream whose /Index announces more rows than its data holds', () => {
      assert.match(
        refusal(xrefStreamPdf([1, 2, 1], [0, 10_000_000], Buffer.alloc(64))).message,
        /shorter than its \/Index/,
      );
    });

    it('a compressed cross-reference stream listing far more objects than the file size allows', () => {
      // 2 million rows of zeros compress to a few KB.
      const r = refusal(xrefStreamPdf([1, 2, 1], [0, 2_000_000], Buffer.alloc(8_000_000), { compress: true }));
      assert.match(r.message, /more than 65536 objects/);
      assert.ok(r.ms < 500, `${r.ms} ms`);
    });

    it('object numbers beyond the PDF limit, and an absurd /Size', () => {
      assert.match(
        refusal(xrefStreamPdf([1, 2, 1], [4_000_000_000, 1], Buffer.from([1, 0, 9, 0]))).message,
        /above 8388607/,
      );
      const pdf = rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']);
      assert.match(
        refusal(Buffer.from(pdf.toString('latin1').replace('/Size 3', '/Size 1000000000000'), 'latin1')).message,
        /\/Size/,
      );
    });

    it('a cross-reference table declaring more rows than the file holds', () => {
      const pdf = rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']).toString(
        'latin1',
      );
      assert.match(
        refusal(Buffer.from(pdf.replace('xref\n0 3', 'xref\n0 30000000'), 'latin1')).message,
        /declares 30000000 rows/,
      );
    });

    it('arrays and dictionaries nested 10,000 deep', () => {
      assert.match(refusal(deepNesting(10_000, '[')).message, /nested more than 100 deep/);
      assert.match(refusal(deepNesting(10_000, '<<')).message, /nested more than 100 deep/);
    });

    it('predictor parameters describing rows longer than the stream', () => {
      const head =
        '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n';
      const rows = deflateSync(Buffer.alloc(20));
      const xref = `3 0 obj\n<< /Type /XRef /Size 4 /W [1 2 1] /Root 1 0 R /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 1000000000 >> /Length ${rows.length} >>\nstream\n`;
      const pdf = Buffer.concat([
        Buffer.from(head + xref, 'latin1'),
        rows,
        Buffer.from(`\nendstream\nendobj\nstartxref\n${head.length}\n%%EOF\n`, 'latin1'),
      ]);
      assert.match(refusal(pdf).message, /predictor rows longer than the stream/);
    });
  });

  describe('POST /sign-pdf', () => {
    let signer: RunningSigner;

    before(async () => {
      signer = await startSigner();
    });

    it('refuses the 10-million-entry cross-reference stream at once', async () => {
      const started = performance.now();
      assertInvalidPdf(
        await sign(signer.url, { pdf: xrefStreamPdf([0, 0, 0], [0, 10_000_000], Buffer.alloc(0)) }),
        /empty rows/,
      );
      assert.ok(performance.now() - started < 2000);
    });

    it('refuses a content stream that inflates to 200 MB, and streams that add up past the document budget', async () => {
      assertInvalidPdf(await sign(signer.url, { pdf: inflateBomb(200) }), /expands beyond 16 MB/);
      assertInvalidPdf(await sign(signer.url, { pdf: manyStreamsBomb(4, 12) }), /beyond 32 MB in total/);
    });

    it('refuses arrays nested 10,000 deep in the page and in its content stream', async () => {
      assertInvalidPdf(await sign(signer.url, { pdf: deepNesting(10_000, '[') }), /nested more than 100 deep/);
      assertInvalidPdf(
        await sign(signer.url, { pdf: deepContentNesting(10_000) }),
        /nested more than 16 deep in a content stream/,
      );
    });

    it('keeps /health answering quickly while a heavy document is read', async () => {
      const heavy = heavyPage();
      let polling = true;
      let slowest = 0;
      let polls = 0;
      const poller = (async () => {
        while (polling) {
          const started = performance.now();
          assert.equal((await call(signer.url, '/health', { apiKey: null })).status, 200);
          slowest = Math.max(slowest, performance.now() - started);
          polls++;
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const started = performance.now();
      const res = await sign(signer.url, { pdf: heavy, fields: fields({ use_pades: 'false' }) });
      const heavyMs = performance.now() - started;
      polling = false;
      await poller;
      assert.equal(res.status, 200, res.bytes.toString('utf8').slice(0, 300));
      assert.ok(heavyMs > 300, `the heavy document took only ${heavyMs} ms; the test proves nothing`);
      assert.ok(polls >= 5);
      // Read on the main thread, /health would wait for the whole document; on a busy machine a poll
      // may still wait for a core, so the bound is a fraction of the read, not a fixed time.
      assert.ok(
        slowest < Math.max(250, heavyMs / 3),
        `/health took ${Math.round(slowest)} ms while a ${Math.round(heavyMs)} ms document was read`,
      );
    });

    it('stops a document that takes longer than PDF_TIMEOUT_MS, and the next one is signed', async () => {
      const hurried = await startSigner({ PDF_TIMEOUT_MS: '400' });
      assertInvalidPdf(
        await sign(hurried.url, { pdf: heavyPage(), fields: fields({ use_pades: 'false' }) }),
        /took longer than 0.4 s/,
      );
      assert.equal((await sign(hurried.url, { pdf: await letterPdf() })).status, 200);
    });
  });

  describe('document workers', () => {
    it('a document needing more memory than a worker may use is refused, and the next one is read', async () => {
      const workers = new DocumentWorkers({ size: 1, taskTimeoutMs: 30_000, heapMb: 32, log: createLogger('error') });
      const signal = new AbortController().signal;
      try {
        // Six million numbers in one array: about 48 MB of heap to hold them.
        const big = onePage([Buffer.from(MARKER_TEXT)], { pageExtra: `/Big [${'1 '.repeat(6_000_000)}] ` });
        await assert.rejects(workers.prepare({ pdf: big }, signal), (err: unknown) => {
          assert.ok(err instanceof SignerError);
          assert.equal(err.code, 'INVALID_PDF_FILE');
          assert.match(err.message, /more memory than allowed/);
          return true;
        });
        const next = await workers.prepare({ pdf: await letterPdf() }, signal);
        assert.equal(next.existing, 0);
      } finally {
        await workers.close();
      }
    });
  });
});
