import assert from 'node:assert/strict';
import type { RunningSigner } from '../../signer/server.js';
import { call, fields, sign } from './support/http.js';
import { letterPdf } from './support/pdfs.js';
import {
  fieldParts,
  isAnswer,
  multipartBody,
  postHead,
  rawExchange,
  type RawAnswer,
  type RawStep,
} from './support/raw-http.js';
import { API_KEY, startSigner } from './support/service.js';

const BOUNDARY = 'xXformXx';

function post(
  url: string,
  body: Buffer,
  steps: RawStep[] = [],
  headers: Record<string, string | number | undefined> = {},
): ReturnType<typeof rawExchange> {
  return rawExchange(
    url,
    [
      postHead({
        'X-API-Key': API_KEY,
        'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
        'Content-Length': body.length,
        ...headers,
      }),
      body,
      ...steps,
    ],
    10_000,
  );
}

function assertRefused(r: Awaited<ReturnType<typeof rawExchange>>, code: string, message?: RegExp): RawAnswer {
  assert.ok(isAnswer(r), `no answer: ${JSON.stringify(r)}`);
  assert.equal(r.status, 400, r.body.toString());
  const json = JSON.parse(r.body.toString());
  assert.equal(json.code, code);
  if (message) assert.match(json.message, message);
  return r;
}

describe('signer: malformed and cut-off uploads are refused, never fatal', () => {
  let signer: RunningSigner;
  let pdf: Buffer;

  before(async () => {
    signer = await startSigner();
    pdf = await letterPdf();
  });

  afterEach(async () => {
    // Whatever the request did, the service is still there and still signs.
    assert.equal((await call(signer.url, '/health', { apiKey: null })).status, 200);
  });

  it('a file part never closed by the final boundary is 400 INVALID_PARAMETERS', async () => {
    const body = multipartBody(
      BOUNDARY,
      [...fieldParts(fields()), { name: 'pdf_file', filename: 'a.pdf', contentType: 'application/pdf', data: pdf }],
      { close: false },
    );
    assertRefused(await post(signer.url, body), 'INVALID_PARAMETERS', /malformed multipart/);
    assert.equal((await sign(signer.url, { pdf })).status, 200);
  });

  it('the same for a file under another name, and for a text field left open', async () => {
    const otherFile = multipartBody(
      BOUNDARY,
      [...fieldParts(fields()), { name: 'adjunto', filename: 'b.pdf', data: pdf }],
      { close: false },
    );
    assertRefused(await post(signer.url, otherFile), 'INVALID_PARAMETERS', /malformed multipart/);
    const openField = Buffer.concat([
      multipartBody(BOUNDARY, fieldParts(fields()), { close: false }),
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="city"\r\n\r\nVilla`),
    ]);
    assertRefused(await post(signer.url, openField), 'INVALID_PARAMETERS', /malformed multipart/);
  });

  it('a body cut short of its Content-Length, the client hanging up, leaves the service serving', async () => {
    const body = multipartBody(BOUNDARY, [...fieldParts(fields()), { name: 'pdf_file', filename: 'a.pdf', data: pdf }]);
    const r = await rawExchange(
      signer.url,
      [
        postHead({
          'X-API-Key': API_KEY,
          'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
          'Content-Length': body.length + 5000,
        }),
        body,
        { pauseMs: 50 },
        'hang-up',
      ],
      5000,
    );
    assert.ok(!isAnswer(r));
  });

  it('a chunked body that stops mid-part and hangs up leaves the service serving', async () => {
    const part = multipartBody(BOUNDARY, [{ name: 'pdf_file', filename: 'a.pdf', data: pdf }], {
      close: false,
    }).subarray(0, 300);
    const r = await rawExchange(
      signer.url,
      [
        postHead({
          'X-API-Key': API_KEY,
          'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
          'Transfer-Encoding': 'chunked',
        }),
        `${part.length.toString(16)}\r\n`,
        part,
        '\r\n',
        { pauseMs: 50 },
        'hang-up',
      ],
      5000,
    );
    assert.ok(!isAnswer(r));
  });

  it('a part whose headers never end, and a form larger than any valid one, are refused', async () => {
    const endless = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\nX-Filler: ${'a'.repeat(64 * 1024)}`,
    );
    assertRefused(await post(signer.url, endless), 'INVALID_PARAMETERS');
    // 11 MB of preamble: nothing busboy counts as a part, so only the total size bounds it.
    const preamble = Buffer.concat([
      Buffer.alloc(11 * 1024 * 1024, 0x61),
      Buffer.from('\r\n'),
      multipartBody(BOUNDARY, fieldParts(fields())),
    ]);
    assertRefused(await post(signer.url, preamble), 'INVALID_PARAMETERS', /form is larger/);
  });
});
