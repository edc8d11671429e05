/**
 * The development provider's Client ID Metadata Documents: fetched from the client_id URL,
 * checked (its client_id must match, size-limited), and cached per its Cache-Control.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Browser } from '../identity/support/browser.js';
import { getStack } from '../support/hooks.js';

const REDIRECT = 'http://127.0.0.1:5999/mcp-callback';

describe('development provider: Client ID Metadata Documents', function () {
  this.timeout(60_000);
  let server: http.Server;
  let port: number;
  const hits = new Map<string, number>();

  before(async () => {
    server = http.createServer((req, res) => {
      hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
      const clientId = `https://127.0.0.1:${port}${req.url}`;
      const doc: Record<string, unknown> = {
        client_id: clientId,
        client_name: 'cimd',
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'none',
      };
      if (req.url === '/mismatch.json') doc.client_id = 'https://impostor.example/client.json';
      if (req.url === '/huge.json') doc.padding = 'x'.repeat(6 * 1024);
      res.setHeader('content-type', 'application/json');
      res.setHeader('cache-control', 'max-age=300');
      res.end(JSON.stringify(doc));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => server.close());

  const authorize = (path: string) => {
    const params = new URLSearchParams({
      client_id: `https://127.0.0.1:${port}${path}`,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    });
    return new Browser().request(`${getStack().idp.issuer}/authorize?${params}`);
  };

  it('advertises client_id_metadata_document_supported in its discovery document', async () => {
    const doc = (await (await fetch(`${getStack().idp.issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    assert.equal(doc.client_id_metadata_document_supported, true);
  });

  it('accepts a client by its document, and fetches it once while its max-age lasts', async () => {
    for (let i = 0; i < 2; i++) {
      const page = await authorize('/good.json');
      assert.equal(page.status, 303, page.html.slice(0, 300));
      assert.match(page.headers.get('location') ?? '', /\/interaction\//);
    }
    assert.equal(hits.get('/good.json'), 1);
  });

  it('refuses a document whose client_id differs from its URL, or that is over 5 KB', async () => {
    for (const path of ['/mismatch.json', '/huge.json']) {
      const page = await authorize(path);
      assert.equal(page.status, 400, `${path}: ${page.status}`);
      assert.match(page.html, /invalid_client/);
    }
  });
});
