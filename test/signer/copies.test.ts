/**
 * Several copies of the signing service (SIGNER_URL lists them): the worker's client takes them in
 * turn, and a copy that refuses connections or drops one mid-request costs nothing but a move to
 * the next copy. Each copy here is a counting proxy in front of the stack's real service.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../config/index.js';
import { timestampDigest, type SigningServiceConfig } from '../../activities/signing-service.js';
import { freePort } from '../../dev/ports.js';
import { HeldProxy } from '../support/held-proxy.js';
import { getStack } from '../support/hooks.js';

const digest = (n: number) => createHash('sha256').update(`copia ${n}`).digest('hex');

describe('signing service copies (SIGNER_URL with several)', function () {
  this.timeout(60_000);
  const proxies: HeldProxy[] = [];
  let dropping: http.Server | undefined;
  let dropped = 0;

  before(async () => {
    proxies.push(await HeldProxy.start(getStack().signer.url), await HeldProxy.start(getStack().signer.url));
    // Reads the request, then closes the connection without an answer (a copy killed mid-request).
    dropping = http.createServer((req) => {
      dropped++;
      req.resume();
      req.on('end', () => req.socket.destroy());
    });
    await new Promise<void>((resolve) => dropping!.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    await Promise.all(proxies.map((p) => p.close()));
    dropping?.closeAllConnections();
    await new Promise((resolve) => dropping?.close(resolve));
  });

  const service = (urls: string[]): SigningServiceConfig => ({ urls, apiKey: getStack().config.signer.apiKey });

  it('reads every copy from SIGNER_URL, the first naming the service', () => {
    const config = loadConfig({ SIGNER_URL: 'http://firma-1:3100, http://firma-2:3100' });
    assert.deepEqual(config.signer.urls, ['http://firma-1:3100', 'http://firma-2:3100']);
    assert.equal(config.signer.url, 'http://firma-1:3100');
    assert.deepEqual(loadConfig({ SIGNER_PORT: '3999' }).signer.urls, ['http://127.0.0.1:3999']);
  });

  it('takes the copies in turn', async () => {
    const before = proxies.map((p) => p.requests);
    for (let n = 0; n < 6; n++) {
      const { token } = await timestampDigest(service(proxies.map((p) => p.url)), digest(n));
      assert.ok(token.length > 100);
    }
    assert.deepEqual(
      proxies.map((p, i) => p.requests - before[i]!),
      [3, 3],
    );
  });

  it('answers through another copy when one refuses connections or drops the request', async () => {
    const refusing = `http://127.0.0.1:${await freePort()}`;
    const droppingUrl = `http://127.0.0.1:${(dropping!.address() as AddressInfo).port}`;
    const [live] = proxies;
    const before = live!.requests;
    for (let n = 0; n < 4; n++) {
      const { token } = await timestampDigest(service([refusing, droppingUrl, live!.url]), digest(100 + n));
      assert.ok(token.length > 100, `request ${n}`);
    }
    assert.equal(live!.requests - before, 4, 'every request was answered by the live copy');
    assert.ok(dropped >= 1, 'the dropping copy was tried');
  });

  it('fails when no copy can be reached', async () => {
    const dead = [`http://127.0.0.1:${await freePort()}`, `http://127.0.0.1:${await freePort()}`];
    await assert.rejects(timestampDigest(service(dead), digest(200)), TypeError);
  });
});
