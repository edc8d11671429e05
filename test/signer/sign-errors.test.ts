import assert from 'node:assert/strict';
import http from 'node:http';
import { freePort } from '../../dev/ports.js';
import type { RunningSigner } from '../../signer/server.js';
import { SIGNER_FIELDS, call, fields, sign, type SignerResponse } from './support/http.js';
import { letterPdf } from './support/pdfs.js';
import { API_KEY, certsDirWith, fakeServer, startSigner } from './support/service.js';

const MiB = 1024 * 1024;
const DAY = 24 * 60 * 60 * 1000;

function assertError(res: SignerResponse, status: number, code: string, message?: RegExp): void {
  assert.equal(
    res.status,
    status,
    `expected ${status} ${code}, got ${res.status} ${res.bytes.toString('utf8').slice(0, 300)}`,
  );
  assert.match(res.headers.get('content-type') ?? '', /application\/json/);
  assert.deepEqual(Object.keys(res.json).sort(), ['code', 'message']);
  assert.equal(res.json.code, code);
  if (message) assert.match(res.json.message, message);
}

/** A fake PDF of `size` bytes: right header, no structure. */
function pdfLike(size: number): Buffer {
  const b = Buffer.alloc(size, 0x20);
  b.write('%PDF-1.7\n');
  return b;
}

describe('signer: every error of POST /sign-pdf', () => {
  let signer: RunningSigner;
  let pdf: Buffer;

  before(async () => {
    const now = Date.now();
    const { certsDir, passwordsFile } = await certsDirWith([
      { tenant: 'caducado', notBefore: new Date(now - 400 * DAY), notAfter: new Date(now - DAY) },
      { tenant: 'clave_mala' },
    ]);
    signer = await startSigner({
      CERTS_DIR: certsDir,
      CERT_PASSWORDS_FILE: passwordsFile,
      CERT_PASSWORD_CLAVE_MALA: 'no-es-esta',
    });
    pdf = await letterPdf();
  });

  describe('tenant_id', () => {
    for (const tenant of ['../demo', 'DEMO', 'demo/../../etc', 'de mo', 'demo\u0000']) {
      it(`INVALID_TENANT_ID for ${JSON.stringify(tenant)}`, async () => {
        assertError(await sign(signer.url, { pdf, fields: fields({ tenant_id: tenant }) }), 400, 'INVALID_TENANT_ID');
      });
    }
  });

  describe('the PDF', () => {
    it('FILE_TOO_LARGE for a file of 10 MB + 1 byte; exactly 10 MB passes the size check', async () => {
      assertError(await sign(signer.url, { pdf: pdfLike(10 * MiB + 1) }), 400, 'FILE_TOO_LARGE');
      // The same garbage at exactly the limit is read, and then found unreadable.
      assertError(await sign(signer.url, { pdf: pdfLike(10 * MiB) }), 400, 'INVALID_PDF_FILE');
    });

    it('FILE_TOO_LARGE is answered while the upload is still streaming (never buffered whole)', async () => {
      const { hostname, port } = new URL(signer.url);
      const boundary = 'xBOUNDARYx';
      const head = Buffer.from(
        `${Object.entries(fields())
          .map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
          .join(
            '',
          )}--${boundary}\r\ncontent-disposition: form-data; name="pdf_file"; filename="big.pdf"\r\ncontent-type: application/pdf\r\n\r\n%PDF-1.7\n`,
      );
      const res = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
        let sent = 0;
        const req = http.request({
          host: hostname,
          port,
          method: 'POST',
          path: '/sign-pdf',
          headers: { 'x-api-key': API_KEY, 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        req.on('response', (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => resolve({ status: r.statusCode!, body: Buffer.concat(chunks).toString('utf8'), sent }));
        });
        req.on('error', reject);
        req.write(head);
        // Claims to send 200 MB (never finishes); the answer must come long before.
        const chunk = Buffer.alloc(256 * 1024, 0x41);
        const pump = () => {
          while (sent < 200 * MiB) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
        };
        pump();
      });
      assert.equal(res.status, 400);
      assert.equal(JSON.parse(res.body).code, 'FILE_TOO_LARGE');
      assert.ok(res.sent < 100 * MiB, `answered after ${res.sent} bytes`);
    });

    it('INVALID_PDF_FILE when the file is missing, empty or unreadable', async () => {
      assertError(await sign(signer.url, {}), 400, 'INVALID_PDF_FILE', /pdf_file is required/);
      assertError(await sign(signer.url, { pdf: Buffer.alloc(0) }), 400, 'INVALID_PDF_FILE');
      assertError(await sign(signer.url, { pdf: pdfLike(2000) }), 400, 'INVALID_PDF_FILE');
      // A real PDF cut short loses its cross-reference table.
      assertError(await sign(signer.url, { pdf: pdf.subarray(0, pdf.length - 200) }), 400, 'INVALID_PDF_FILE');
    });

    it('INVALID_PDF_FORMAT when the file does not begin with %PDF', async () => {
      assertError(
        await sign(signer.url, { pdf: Buffer.from('\x89PNG\r\n\x1a\n not a pdf') }),
        400,
        'INVALID_PDF_FORMAT',
      );
      assertError(await sign(signer.url, { pdf: Buffer.concat([Buffer.from(' '), pdf]) }), 400, 'INVALID_PDF_FORMAT');
    });

    it('INVALID_PDF_FORMAT when a page is not Letter (A4, landscape, mixed)', async () => {
      assertError(
        await sign(signer.url, { pdf: await letterPdf({ size: [595.28, 841.89] }) }),
        400,
        'INVALID_PDF_FORMAT',
        /Letter/,
      );
      assertError(await sign(signer.url, { pdf: await letterPdf({ size: [792, 612] }) }), 400, 'INVALID_PDF_FORMAT');
    });
  });

  describe('signature parameters', () => {
    const cases: [string, Record<string, string | undefined>][] = [
      ['name missing', { name: undefined }],
      ['name blank', { name: '   ' }],
      ['name of 101 characters', { name: 'ñ'.repeat(101) }],
      ['seal of 51 characters', { seal: 'a'.repeat(51) }],
      ['department missing', { department: undefined }],
      ['entity of 101 characters', { entity: 'e'.repeat(101) }],
      ['a line break in name', { name: 'Ana\nPérez' }],
      ['a character the signature font cannot print', { name: 'Zhang 张' }],
      ['use_pades neither true nor false', { use_pades: 'yes' }],
    ];
    for (const [label, override] of cases) {
      it(`INVALID_PARAMETERS: ${label}`, async () => {
        assertError(await sign(signer.url, { pdf, fields: fields(override) }), 400, 'INVALID_PARAMETERS');
      });
    }

    it('limits count characters, not bytes: 100 accented characters are accepted', async () => {
      const res = await sign(signer.url, {
        pdf,
        fields: fields({ name: 'Ñ'.repeat(100), seal: 'é'.repeat(50), use_pades: 'false' }),
      });
      assert.equal(res.status, 200);
    });

    it('INVALID_PARAMETERS for a body that is not multipart/form-data', async () => {
      const res = await call(signer.url, '/sign-pdf', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(SIGNER_FIELDS),
      });
      assertError(res, 400, 'INVALID_PARAMETERS');
    });

    it('INVALID_PARAMETERS for a field sent twice or a second file', async () => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields())) form.append(k, v!);
      form.append('name', 'Otra persona');
      form.append('pdf_file', new Blob([pdf]), 'a.pdf');
      assertError(
        await call(signer.url, '/sign-pdf', { method: 'POST', body: form }),
        400,
        'INVALID_PARAMETERS',
        /more than once/,
      );
      const two = new FormData();
      for (const [k, v] of Object.entries(fields())) two.append(k, v!);
      two.append('pdf_file', new Blob([pdf]), 'a.pdf');
      two.append('pdf_file', new Blob([pdf]), 'b.pdf');
      assertError(
        await call(signer.url, '/sign-pdf', { method: 'POST', body: two }),
        400,
        'INVALID_PARAMETERS',
        /one file/,
      );
    });
  });

  describe('stamp parameters', () => {
    it('INVALID_STAMP_PARAMETERS: document_number without city', async () => {
      assertError(
        await sign(signer.url, { pdf, fields: fields({ document_number: 'IF-2026-00000001-MVE-DOP' }) }),
        400,
        'INVALID_STAMP_PARAMETERS',
        /city/,
      );
    });

    it('INVALID_STAMP_PARAMETERS: document_number over 40 characters', async () => {
      assertError(
        await sign(signer.url, { pdf, fields: fields({ document_number: 'N'.repeat(41), city: 'Villa Esperanza' }) }),
        400,
        'INVALID_STAMP_PARAMETERS',
      );
    });

    it('INVALID_STAMP_POSITION: stamp_position neither first nor last', async () => {
      assertError(
        await sign(signer.url, {
          pdf,
          fields: fields({ document_number: 'IF-1', city: 'Villa Esperanza', stamp_position: 'middle' }),
        }),
        400,
        'INVALID_STAMP_POSITION',
      );
    });
  });

  describe('validation order: tenant_id, PDF, signature parameters, stamp parameters', () => {
    it('a bad tenant_id is reported before a bad PDF', async () => {
      assertError(
        await sign(signer.url, { pdf: Buffer.from('garbage'), fields: fields({ tenant_id: '../x', name: undefined }) }),
        400,
        'INVALID_TENANT_ID',
      );
    });
    it('a bad PDF is reported before bad signature parameters', async () => {
      assertError(
        await sign(signer.url, { pdf: Buffer.from('garbage'), fields: fields({ name: undefined }) }),
        400,
        'INVALID_PDF_FORMAT',
      );
    });
    it('bad signature parameters are reported before bad stamp parameters', async () => {
      assertError(
        await sign(signer.url, { pdf, fields: fields({ seal: undefined, document_number: 'IF-1' }) }),
        400,
        'INVALID_PARAMETERS',
      );
    });
    it('a missing city is reported before a bad stamp position', async () => {
      assertError(
        await sign(signer.url, { pdf, fields: fields({ document_number: 'IF-1', stamp_position: 'x' }) }),
        400,
        'INVALID_STAMP_PARAMETERS',
      );
    });
  });

  describe('certificates', () => {
    it('CERTIFICATE_NOT_FOUND when the tenant has none and FALLBACK_TO_VISUAL is false', async () => {
      const strict = await startSigner({ FALLBACK_TO_VISUAL: 'false' });
      assertError(
        await sign(strict.url, { pdf, fields: fields({ tenant_id: 'sin_certificado' }) }),
        400,
        'CERTIFICATE_NOT_FOUND',
      );
    });

    it('CERTIFICATE_LOAD_ERROR when the password is wrong', async () => {
      assertError(
        await sign(signer.url, { pdf, fields: fields({ tenant_id: 'clave_mala' }) }),
        400,
        'CERTIFICATE_LOAD_ERROR',
        /password/,
      );
    });

    it('CERTIFICATE_LOAD_ERROR when the certificate has expired (never a signature with it)', async () => {
      assertError(
        await sign(signer.url, { pdf, fields: fields({ tenant_id: 'caducado' }) }),
        400,
        'CERTIFICATE_LOAD_ERROR',
        /expired/,
      );
    });
  });

  describe('layout', () => {
    it('LayoutError when the end-text marker is missing', async () => {
      assertError(await sign(signer.url, { pdf: await letterPdf({ markerY: null }) }), 400, 'LayoutError', /marker/);
    });
    it('LayoutError when the text reaches too far down for a signature', async () => {
      assertError(await sign(signer.url, { pdf: await letterPdf({ markerY: 100 }) }), 400, 'LayoutError', /no room/);
    });
  });

  describe('time-stamping authority failures: 500 PADES_ERROR, never an unstamped signature', () => {
    const withTsa = async (tsaUrl: string) => startSigner({ TSA_URL: tsaUrl, TSA_TIMEOUT_MS: '1500' });

    it('the TSA is down', async () => {
      const s = await withTsa(`http://127.0.0.1:${await freePort()}`);
      assertError(await sign(s.url, { pdf }), 500, 'PADES_ERROR', /timestamp failed/);
    });

    it('the TSA answers garbage', async () => {
      const tsa = await fakeServer((_req, res) =>
        res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(Buffer.from('definitely not DER')),
      );
      assertError(await sign((await withTsa(tsa.url)).url, { pdf }), 500, 'PADES_ERROR', /timestamp failed/);
    });

    it('the TSA answers an HTTP error', async () => {
      const tsa = await fakeServer((_req, res) => res.writeHead(503).end());
      assertError(await sign((await withTsa(tsa.url)).url, { pdf }), 500, 'PADES_ERROR', /timestamp failed.*503/);
    });

    it('the TSA streams a reply without end (read up to 1 MB, never held whole)', async () => {
      let sent = 0;
      const tsa = await fakeServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/timestamp-reply' });
        const chunk = Buffer.alloc(64 * 1024, 0x30);
        const pump = () => {
          while (!res.destroyed && sent < 512 * MiB) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
        };
        pump();
      });
      assertError(await sign((await withTsa(tsa.url)).url, { pdf }), 500, 'PADES_ERROR', /timestamp failed.*oversized/);
      assert.ok(sent < 64 * MiB, `${sent} bytes were sent before the signer gave up`);
    });

    it('the TSA refuses the request (PKIStatus rejection)', async () => {
      // TimeStampResp { status { rejection(2) } } written out by hand.
      const tsa = await fakeServer((_req, res) =>
        res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(Buffer.from('30053003020102', 'hex')),
      );
      assertError(await sign((await withTsa(tsa.url)).url, { pdf }), 500, 'PADES_ERROR', /timestamp failed.*refused/);
    });

    it('the TSA does not answer in time', async () => {
      const tsa = await fakeServer(() => undefined);
      assertError(
        await sign((await withTsa(tsa.url)).url, { pdf }),
        500,
        'PADES_ERROR',
        /timestamp failed.*did not answer/,
      );
    });

    it('a visual signature needs no TSA', async () => {
      const s = await withTsa(`http://127.0.0.1:${await freePort()}`);
      const res = await sign(s.url, { pdf, fields: fields({ use_pades: 'false' }) });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('x-signature-type'), 'visual');
    });
  });

  it('PROCESSING_TIMEOUT (503) when a request cannot finish in the processing time', async () => {
    const tsa = await fakeServer(() => undefined);
    const s = await startSigner({ TSA_URL: tsa.url, TSA_TIMEOUT_MS: '30000', PROCESSING_TIMEOUT_MS: '400' });
    const started = Date.now();
    assertError(await sign(s.url, { pdf }), 503, 'PROCESSING_TIMEOUT');
    assert.ok(Date.now() - started < 5000);
  });
});
