/**
 * The signing service's own requests (time-stamps, OCSP, CRLs, issuers) over keep-alive
 * connections: a connection the server dropped while idle is retried once on a new one, a fresh
 * one that fails is not, and answers are bounded.
 */
import assert from 'node:assert/strict';
import type { Socket } from 'node:net';
import { ResponseTooLarge, send } from '../../signer/http/outbound.js';
import { fakeServer } from './support/service.js';

const post = (url: string, maxBytes = 1024) =>
  send(url, { method: 'POST', body: Buffer.from('pregunta'), signal: AbortSignal.timeout(5_000), maxBytes });

describe('signer: its outbound requests', () => {
  it('retries once, on a new connection, a request the server dropped on a reused one', async () => {
    const served = new WeakSet<Socket>();
    let requests = 0;
    const server = await fakeServer((req, res) => {
      requests++;
      req.resume();
      // The second request on a connection finds it closed, as when the server's keep-alive ends.
      if (served.has(req.socket)) return void req.socket.destroy();
      served.add(req.socket);
      req.on('end', () => res.end('respuesta'));
    });
    assert.equal((await post(server.url)).body.toString(), 'respuesta');
    const second = await post(server.url);
    assert.equal(second.status, 200);
    assert.equal(second.body.toString(), 'respuesta');
    assert.equal(requests, 3, 'the dropped request and its one retry');
  });

  it('does not retry a request a fresh connection failed', async () => {
    let requests = 0;
    const server = await fakeServer((req) => {
      requests++;
      req.socket.destroy();
    });
    await assert.rejects(post(`${server.url}/nuevo`), /socket hang up/);
    assert.equal(requests, 1);
  });

  it('answers a status other than 200 without its body, and refuses answers over the limit', async () => {
    const server = await fakeServer((req, res) => {
      req.resume();
      if (req.url === '/error') return void res.writeHead(503).end('detalle que no se lee');
      if (req.url === '/declarado') return void res.writeHead(200, { 'content-length': 4096 }).end(Buffer.alloc(4096));
      res.writeHead(200); // chunked, no length announced
      res.end(Buffer.alloc(4096));
    });
    assert.deepEqual(await post(`${server.url}/error`), { status: 503, body: Buffer.alloc(0) });
    await assert.rejects(post(`${server.url}/declarado`), ResponseTooLarge);
    await assert.rejects(post(`${server.url}/transmitido`), ResponseTooLarge);
    assert.equal((await post(`${server.url}/transmitido`, 8192)).body.length, 4096);
  });

  it('refuses what is not http or https', async () => {
    await assert.rejects(
      send('ldap://ldap.example/cn=CA', { method: 'GET', signal: AbortSignal.timeout(1_000), maxBytes: 1 }),
      /unsupported protocol ldap:/,
    );
  });
});
