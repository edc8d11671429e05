import assert from 'node:assert/strict';
import type { RunningSigner } from '../../signer/server.js';
import { call, fields, sign, type SignerResponse } from './support/http.js';
import { letterPdf } from './support/pdfs.js';
import { startSigner } from './support/service.js';

function assertSecurityHeaders(res: SignerResponse, what: string): void {
  const h = res.headers;
  assert.equal(h.get('x-content-type-options'), 'nosniff', what);
  assert.match(h.get('content-security-policy') ?? '', /frame-ancestors 'none'/, what);
  assert.match(h.get('content-security-policy') ?? '', /default-src 'none'/, what);
  assert.equal(h.get('x-frame-options'), 'DENY', what);
  assert.equal(h.get('referrer-policy'), 'no-referrer', what);
  assert.equal(h.get('cache-control'), 'no-store', what);
  assert.equal(h.get('x-powered-by'), null, what);
}

describe('signer: security headers on every answer', () => {
  let signer: RunningSigner;

  before(async () => {
    signer = await startSigner();
  });

  it('JSON answers: health, certificates, refusals, unknown routes', async () => {
    assertSecurityHeaders(await call(signer.url, '/health', { apiKey: null }), '/health');
    assertSecurityHeaders(await call(signer.url, '/certificates'), '/certificates');
    assertSecurityHeaders(await call(signer.url, '/certificate/demo'), '/certificate/demo');
    assertSecurityHeaders(await call(signer.url, '/certificates', { apiKey: 'wrong' }), '401');
    assertSecurityHeaders(await sign(signer.url, { pdf: Buffer.from('not a pdf') }), '400');
    assertSecurityHeaders(await call(signer.url, '/nothing-here'), '404');
  });

  it('the signed PDF', async () => {
    const res = await sign(signer.url, { pdf: await letterPdf(), fields: fields() });
    assert.equal(res.status, 200);
    assertSecurityHeaders(res, 'signed PDF');
  });
});
