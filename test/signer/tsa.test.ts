import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { devPki, timestampAuthority } from './support/service.js';
import { run, saveTemp } from './support/tools.js';

async function post(
  url: string,
  body: Buffer,
  contentType = 'application/timestamp-query',
): Promise<{ status: number; type: string | null; body: Buffer }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
}

describe('signer: the local RFC 3161 time-stamping authority, checked with OpenSSL', () => {
  let url: string;
  let data: string;

  before(async () => {
    url = (await timestampAuthority()).url;
    data = await saveTemp(Buffer.from('contenido a sellar\n'), 'data.txt');
  });

  for (const digest of ['sha256', 'sha384', 'sha512']) {
    it(`grants a ${digest} request that openssl ts -verify accepts against the dev CA`, async () => {
      const pki = await devPki();
      const query = `${data}.${digest}.tsq`;
      await run('openssl', ['ts', '-query', '-data', data, `-${digest}`, '-cert', '-out', query]);
      const res = await post(url, await readFile(query));
      assert.equal(res.status, 200);
      assert.equal(res.type, 'application/timestamp-reply');
      const reply = `${query}.tsr`;
      await writeFile(reply, res.body);
      const text = await run('openssl', ['ts', '-reply', '-in', reply, '-text']);
      assert.match(text.stdout, /Status: Granted/);
      assert.match(text.stdout, new RegExp(`Hash Algorithm: ${digest}`));
      const verify = await run('openssl', [
        'ts',
        '-verify',
        '-queryfile',
        query,
        '-in',
        reply,
        '-CAfile',
        pki.caCertPath,
      ]);
      assert.match(verify.stdout, /Verification: OK/, verify.stdout + verify.stderr);
    });
  }

  it('its certificate carries the critical timeStamping extended key usage', async () => {
    const pki = await devPki();
    const text = (await run('openssl', ['x509', '-in', pki.tsaCertPath, '-noout', '-text'])).stdout;
    assert.match(text, /X509v3 Extended Key Usage: critical\s+Time Stamping/);
  });

  it('rejects an unsupported hash algorithm and garbage with a PKIStatus rejection, not a token', async () => {
    const query = `${data}.sha1.tsq`;
    await run('openssl', ['ts', '-query', '-data', data, '-sha1', '-out', query]);
    for (const [body, reason] of [
      [await readFile(query), /unrecognized or unsupported algorithm/],
      [Buffer.from('not a request'), /wrong format/],
    ] as const) {
      const res = await post(url, body);
      assert.equal(res.status, 200);
      const reply = await saveTemp(res.body, 'reply.tsr');
      const text = await run('openssl', ['ts', '-reply', '-in', reply, '-text']);
      assert.match(text.stdout, /Status: Rejected/);
      assert.match(text.stdout, reason);
      assert.match(text.stdout, /TST info:\s+Not included/);
    }
  });

  it('answers HTTP errors for the wrong method or content type', async () => {
    assert.equal((await fetch(url)).status, 405);
    assert.equal((await post(url, Buffer.from('x'), 'text/plain')).status, 415);
  });
});
