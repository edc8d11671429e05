import assert from 'node:assert/strict';
import type { RunningSigner } from '../../signer/server.js';
import { fields } from './support/http.js';
import { isAnswer, multipartBody, postHead, rawExchange, fieldParts } from './support/raw-http.js';
import { API_KEY, startSigner } from './support/service.js';

const MiB = 1024 * 1024;

/** POST /sign-pdf with Node's fetch; the answer, or the transport error it got instead. */
async function fetchSign(url: string, form: FormData, apiKey: string): Promise<string> {
  try {
    const res = await fetch(`${url}/sign-pdf`, { method: 'POST', body: form, headers: { 'x-api-key': apiKey } });
    const json = (await res.json()) as { code: string };
    return `${res.status} ${json.code}`;
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    return e.cause?.code ?? e.message;
  }
}

function formWith(fileBytes: number): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields())) form.append(k, v!);
  form.append('pdf_file', new Blob([Buffer.alloc(fileBytes, 0x41)]), 'documento.pdf');
  return form;
}

describe('signer: a refusal before the upload is read still reaches the client', () => {
  let signer: RunningSigner;

  before(async () => {
    signer = await startSigner();
  });

  it('Node fetch sending 5 MB with a wrong key gets the 401 JSON every time, never EPIPE/ECONNRESET', async () => {
    const form = formWith(5 * MiB);
    const outcomes: string[] = [];
    for (let i = 0; i < 20; i++) outcomes.push(await fetchSign(signer.url, form, 'wrong-key'));
    assert.deepEqual(outcomes, Array(20).fill('401 INVALID_API_KEY'));
  });

  it('the same for a file one byte over 10 MB: 400 FILE_TOO_LARGE every time', async () => {
    const form = formWith(10 * MiB + 1);
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) outcomes.push(await fetchSign(signer.url, form, API_KEY));
    assert.deepEqual(outcomes, Array(5).fill('400 FILE_TOO_LARGE'));
  });

  it('a refused body read to its end keeps the connection open for the next request', async () => {
    const body = multipartBody('b0undary', fieldParts(fields()));
    const request = postHead({
      'X-API-Key': 'wrong-key',
      'Content-Type': 'multipart/form-data; boundary=b0undary',
      'Content-Length': body.length,
    });
    const r = await rawExchange(signer.url, [request, body], 5000);
    assert.ok(isAnswer(r), JSON.stringify(r));
    assert.equal(r.status, 401);
    assert.notEqual(r.headers.connection, 'close');
  });

  it('a body that stops arriving is answered after a few seconds, with Connection: close', async () => {
    const request = postHead({
      'X-API-Key': 'wrong-key',
      'Content-Type': 'multipart/form-data; boundary=b0undary',
      'Content-Length': 4 * MiB,
    });
    const r = await rawExchange(signer.url, [request, Buffer.alloc(64 * 1024, 0x41), { pauseMs: 15_000 }], 10_000);
    assert.ok(isAnswer(r), JSON.stringify(r));
    assert.equal(r.status, 401);
    assert.equal(JSON.parse(r.body.toString()).code, 'INVALID_API_KEY');
    assert.equal(r.headers.connection, 'close');
    assert.ok(r.ms >= 2500 && r.ms < 6000, `answered after ${Math.round(r.ms)} ms`);
  });
});
