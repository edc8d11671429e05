/**
 * A corpus of malformed multipart uploads against every upload route of the API: broken and
 * missing boundaries, unterminated parts, oversized headers and files, too many parts, bodies
 * cut mid-way and clients that hang up. Each complete request gets a 4xx JSON (or 2xx for the
 * well-formed controls) within a time bound; no request brings the API down or leaves a 5xx.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { getStack } from '../support/hooks.js';
import { letterPdf } from '../support/documents.js';
import { asIntegration, request } from '../support/http.js';
import { Tally } from './support/tally.js';
import { watchHealth } from './support/watch.js';

const B = 'fuzzBoundary7MA4YWxk';
const CRLF = '\r\n';

interface Upload {
  name: string;
  contentType: string;
  body: Buffer;
}

const part = (name: string, value: string | Buffer, extra = '') =>
  Buffer.concat([
    Buffer.from(`--${B}${CRLF}Content-Disposition: form-data; name="${name}"${extra}${CRLF}${CRLF}`),
    Buffer.from(value),
    Buffer.from(CRLF),
  ]);
const filePart = (name: string, bytes: Buffer, filename = 'a.pdf', type = 'application/pdf') =>
  part(name, bytes, `; filename="${filename}"${CRLF}Content-Type: ${type}`);
const close = Buffer.from(`--${B}--${CRLF}`);
const fields = Buffer.concat([part('document_type_acronym', 'INF'), part('reference', 'Carga de prueba')]);

function corpus(pdf: Buffer): Upload[] {
  const mp = `multipart/form-data; boundary=${B}`;
  const u = (name: string, ...chunks: (Buffer | string)[]) => ({
    name,
    contentType: mp,
    body: Buffer.concat(chunks.map((c) => Buffer.from(c))),
  });
  return [
    u('well-formed control', fields, filePart('pdf_file', pdf), close),
    {
      name: 'no boundary parameter',
      contentType: 'multipart/form-data',
      body: Buffer.concat([fields, filePart('pdf_file', pdf), close]),
    },
    { name: 'empty boundary', contentType: 'multipart/form-data; boundary=', body: Buffer.concat([fields, close]) },
    {
      name: 'boundary of 300 characters',
      contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`,
      body: Buffer.from(`--${'b'.repeat(300)}--`),
    },
    {
      name: 'boundary that does not match',
      contentType: 'multipart/form-data; boundary=other',
      body: Buffer.concat([fields, filePart('pdf_file', pdf), close]),
    },
    { name: 'empty body', contentType: mp, body: Buffer.alloc(0) },
    u('only the closing boundary', close),
    u('file part never closed', fields, filePart('pdf_file', pdf).subarray(0, -2)),
    u('file part cut in its headers', fields, `--${B}${CRLF}Content-Disposition: form-data; name="pdf_file"; filena`),
    u('part without Content-Disposition', `--${B}${CRLF}Content-Type: text/plain${CRLF}${CRLF}x${CRLF}`, close),
    u(
      'header line of 100 KB',
      `--${B}${CRLF}X-Long: ${'h'.repeat(100_000)}${CRLF}Content-Disposition: form-data; name="reference"${CRLF}${CRLF}x${CRLF}`,
      close,
    ),
    u(
      '100 header lines in a part',
      `--${B}${CRLF}${Array.from({ length: 100 }, (_, i) => `X-H${i}: v`).join(CRLF)}${CRLF}Content-Disposition: form-data; name="reference"${CRLF}${CRLF}x${CRLF}`,
      close,
    ),
    u('1,000 parts', ...Array.from({ length: 1000 }, (_, i) => part(`f${i}`, 'v')), close),
    u('field sent twice', fields, part('reference', 'otra'), filePart('pdf_file', pdf), close),
    u(
      'field of 1 MB',
      part('document_type_acronym', 'INF'),
      part('reference', 'r'.repeat(1024 * 1024)),
      filePart('pdf_file', pdf),
      close,
    ),
    u('field name of 500 characters', part('n'.repeat(500), 'v'), fields, filePart('pdf_file', pdf), close),
    u('file under another name', fields, filePart('archivo', pdf), close),
    u('two files', fields, filePart('pdf_file', pdf), filePart('pdf_file', pdf, 'b.pdf'), close),
    u('no file', fields, close),
    u('empty file', fields, filePart('pdf_file', Buffer.alloc(0)), close),
    u('file that is not a PDF', fields, filePart('pdf_file', Buffer.from('GIF89a....')), close),
    u('PDF truncated to half', fields, filePart('pdf_file', pdf.subarray(0, pdf.length >> 1)), close),
    u(
      'file over the 10 MB limit',
      fields,
      filePart('pdf_file', Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)])),
      close,
    ),
    u('filename with traversal and NUL', fields, filePart('pdf_file', pdf, '../../etc/passwd\u0000.pdf'), close),
    u(
      'filename in RFC 5987 form',
      fields,
      part('pdf_file', pdf, `; filename*=UTF-8''%C3%B1and%C3%BA.pdf${CRLF}Content-Type: application/pdf`),
      close,
    ),
    u(
      'base64 transfer encoding',
      fields,
      part('pdf_file', pdf.toString('base64'), `; filename="a.pdf"${CRLF}Content-Transfer-Encoding: base64`),
      close,
    ),
    u(
      'nested multipart/mixed',
      fields,
      part(
        'pdf_file',
        `--inner${CRLF}${CRLF}x${CRLF}--inner--`,
        `${CRLF}Content-Type: multipart/mixed; boundary=inner`,
      ),
      close,
    ),
    u(
      'NUL in a field',
      part('document_type_acronym', 'INF'),
      part('reference', 'a\u0000b'),
      filePart('pdf_file', pdf),
      close,
    ),
    u(
      'invalid UTF-8 in a field',
      part('document_type_acronym', 'INF'),
      part('reference', Buffer.from([0xc3, 0x28, 0xff])),
      filePart('pdf_file', pdf),
      close,
    ),
    u(
      'LF-only line breaks',
      Buffer.from(
        Buffer.concat([fields, filePart('pdf_file', pdf), close])
          .toString('latin1')
          .replace(/\r\n/g, '\n'),
        'latin1',
      ),
    ),
    u('garbage before the first boundary', 'preamble garbage\r\n', fields, filePart('pdf_file', pdf), close),
    { name: 'multipart body declared as JSON', contentType: 'application/json', body: Buffer.concat([fields, close]) },
    {
      name: 'multipart/mixed instead of form-data',
      contentType: `multipart/mixed; boundary=${B}`,
      body: Buffer.concat([fields, filePart('pdf_file', pdf), close]),
    },
  ];
}

/** Raw HTTP over a socket: sends `head` + part of a body and hangs up, or stalls. */
function rawUpload(port: number, head: string, body: Buffer, mode: 'hang-up' | 'short-content-length'): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      socket.write(body);
      if (mode === 'hang-up') setTimeout(() => socket.destroy(), 50);
      else setTimeout(() => socket.destroy(), 300); // declared more than it sent, then gave up
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve());
  });
}

describe('robustness: malformed multipart on every upload route', function () {
  this.timeout(5 * 60_000);

  it('every malformed upload is a 4xx JSON; cut and abandoned uploads leave the API serving', async () => {
    const { apiUrl } = getStack();
    const pdf = await letterPdf('Carga');
    const imported = await request('/api/v1/documents/import', {
      method: 'POST',
      headers: { ...asIntegration('agente-obras'), 'content-type': `multipart/form-data; boundary=${B}` },
      raw: Buffer.concat([fields, filePart('pdf_file', pdf), close]),
    });
    assert.equal(imported.status, 201, imported.text);
    // The public verification upload answers without credentials, in its own error shape
    // ({code, message}); an API with a generous rate limit keeps 429s out of the corpus.
    const publicApi = await getStack().extraApi({ PUBLIC_VERIFY_RATE_LIMIT: '100000' });
    const routes = [
      {
        method: 'POST',
        path: '/api/v1/documents/import',
        ok: 201,
        readsFields: true,
        baseUrl: apiUrl,
        errorKey: 'error',
      },
      {
        method: 'PUT',
        path: `/api/v1/documents/${imported.body.document_id}/imported-pdf`,
        ok: 200,
        readsFields: false,
        baseUrl: apiUrl,
        errorKey: 'error',
      },
      {
        method: 'POST',
        path: '/api/v1/public/verify',
        ok: 200,
        readsFields: false,
        baseUrl: publicApi.url,
        errorKey: 'message',
      },
    ];
    const tally = new Tally('api multipart', { maxLatencyMs: 10_000 });
    const health = watchHealth(`${apiUrl}/health`, { maxLatencyMs: 2000 });
    const uploads = corpus(pdf);
    for (const route of routes) {
      for (const upload of uploads) {
        const what = `${route.method} ${route.path.replace(/[0-9a-f-]{36}/, ':id')} — ${upload.name}`;
        const started = performance.now();
        const res = await request(route.path, {
          method: route.method,
          headers: { ...asIntegration('agente-obras'), 'content-type': upload.contentType },
          raw: upload.body,
          baseUrl: route.baseUrl,
        });
        tally.record(what, res.status, performance.now() - started, res.text);
        if (upload.name === 'well-formed control') {
          if (res.status !== route.ok) tally.fail(`${what}: control answered ${res.status} ${res.text}`);
        } else if (res.status < 400) {
          // Tolerated: a preamble and RFC 5987 names are valid multipart, unknown fields are ignored,
          // and a route that reads no text field ignores what its fields hold.
          const tolerated =
            /preamble|garbage|RFC 5987|LF-only|field name of 500/.test(upload.name) ||
            (!route.readsFields && /in a field|field sent twice/.test(upload.name));
          if (!tolerated) tally.fail(`${what}: accepted with ${res.status}`);
        }
        if (typeof res.body !== 'object' || res.body === null || typeof res.body[route.errorKey] !== 'string') {
          if (res.status >= 400) tally.fail(`${what}: not a JSON error: ${res.text.slice(0, 120)}`);
        }
      }
      // Uploads abandoned mid-way: the server must just drop them.
      const { port } = new URL(route.baseUrl);
      const headers = Object.entries(asIntegration('agente-obras'))
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      const head = (length: string) =>
        `${route.method} ${route.path} HTTP/1.1\r\nHost: x\r\n${headers}Content-Type: multipart/form-data; boundary=${B}\r\n${length}\r\n`;
      const big = Buffer.concat([fields, filePart('pdf_file', Buffer.alloc(5 * 1024 * 1024, 0x25))]);
      await rawUpload(
        Number(port),
        head('Transfer-Encoding: chunked\r\n'),
        Buffer.from(
          `${(big.length / 2).toString(16)}\r\n${big.subarray(0, big.length / 2).toString('latin1')}`,
          'latin1',
        ),
        'hang-up',
      );
      await rawUpload(Number(port), head(`Content-Length: ${big.length * 2}\r\n`), big, 'short-content-length');
      await rawUpload(Number(port), head(`Content-Length: ${big.length}\r\n`), big.subarray(0, 1000), 'hang-up');
      const after = await request('/api/v1/documents/search?page_size=1', {
        headers: asIntegration('agente-obras'),
        baseUrl: route.baseUrl,
      });
      tally.record(`${route.method} after abandoned uploads`, after.status, 0);
    }
    await publicApi.close();
    tally.rss(process.memoryUsage().rss);
    (await health.stop()).check();
    tally.check();
  });
});
