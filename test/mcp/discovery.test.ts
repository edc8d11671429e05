/** The MCP server's OAuth 2.0 face: the 401 challenge and each discovery document's fields. */
import assert from 'node:assert/strict';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { getStack } from '../support/hooks.js';
import { request } from '../support/http.js';
import { forgeToken } from '../support/identity.js';
import { mcpToken, mcpUrl } from './support.js';

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};
const post = (headers: Record<string, string> = {}) =>
  request('/mcp', {
    method: 'POST',
    headers: { accept: 'application/json, text/event-stream', ...headers },
    json: INIT,
  });

describe('MCP OAuth discovery', function () {
  this.timeout(60_000);

  it('answers POST /mcp without a token 401 with the resource-metadata challenge and {error, hint}', async () => {
    const res = await post();
    assert.equal(res.status, 401);
    const header = res.headers.get('www-authenticate') ?? '';
    assert.match(
      header,
      new RegExp(`^Bearer resource_metadata="${getStack().apiUrl}/\\.well-known/oauth-protected-resource"`),
    );
    assert.equal(res.body.error, 'Authorization required');
    assert.equal(typeof res.body.hint, 'string');
  });

  it('refuses bad tokens with the spec messages and error="invalid_token"', async () => {
    const email = 'martin.alvarez@villaesperanza.gob.ar';
    const cases: [string, string][] = [
      ['garbage', 'Token invalido'],
      [await forgeToken({ email, audience: 'https://otra-api.example' }), 'Audience no valido'],
      [await forgeToken({ email, expiresIn: Math.floor(Date.now() / 1000) - 3600 }), 'Token expirado'],
    ];
    for (const [token, message] of cases) {
      const res = await post({ Authorization: `Bearer ${token}` });
      assert.equal(res.status, 401, message);
      assert.equal(res.body.error, message);
      assert.match(res.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
    }
  });

  it('accepts the configured audience and the MCP resource URI as token audiences', async () => {
    const email = 'martin.alvarez@villaesperanza.gob.ar';
    for (const audience of [getStack().idp.audience, mcpUrl()]) {
      const res = await post({ Authorization: `Bearer ${await forgeToken({ email, audience })}` });
      assert.equal(res.status, 200, `${audience}: ${res.text}`);
      assert.match(res.headers.get('content-type') ?? '', /text\/event-stream/);
      assert.match(res.text, new RegExp(`"protocolVersion":"${LATEST_PROTOCOL_VERSION}"`));
    }
  });

  it('accepts the configured production resource URL as audience too', async () => {
    const production = 'https://expediente.example.gob.ar/mcp';
    const extra = await getStack().extraApi({ MCP_PRODUCTION_RESOURCE_URL: production });
    try {
      const token = await forgeToken({ email: 'martin.alvarez@villaesperanza.gob.ar', audience: production });
      const res = await request('/mcp', {
        baseUrl: extra.url,
        method: 'POST',
        headers: { accept: 'application/json, text/event-stream', Authorization: `Bearer ${token}` },
        json: INIT,
      });
      assert.equal(res.status, 200, res.text);
      assert.equal(
        (await post({ Authorization: `Bearer ${token}` })).status,
        401,
        'an API without that setting refuses it',
      );
    } finally {
      await extra.close();
    }
  });

  it('serves the protected-resource metadata (RFC 9728) at the root and path-suffixed routes', async () => {
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const res = await request(path);
      assert.equal(res.status, 200);
      assert.equal(res.body.resource, mcpUrl());
      assert.deepEqual(res.body.authorization_servers, [getStack().idp.issuer]);
      assert.deepEqual(res.body.scopes_supported, ['openid', 'profile', 'email', 'offline_access']);
      assert.deepEqual(res.body.bearer_methods_supported, ['header']);
    }
  });

  it('serves the authorization-server metadata (RFC 8414) derived from the provider, with registration and CIMD support', async () => {
    const oidc = (await (await fetch(`${getStack().idp.issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-authorization-server/mcp']) {
      const res = await request(path);
      assert.equal(res.status, 200);
      assert.equal(res.body.issuer, oidc.issuer);
      assert.equal(res.body.authorization_endpoint, oidc.authorization_endpoint);
      assert.equal(res.body.token_endpoint, oidc.token_endpoint);
      assert.equal(res.body.registration_endpoint, `${getStack().idp.issuer}/oidc/register`);
      assert.ok((res.body.code_challenge_methods_supported as string[]).includes('S256'));
      assert.equal(res.body.client_id_metadata_document_supported, true);
    }
  });

  it('serves the MCP manifest with 38 tools, version 1.0.0 and the protocol revision served', async () => {
    const res = await request('/.well-known/mcp.json');
    assert.equal(res.status, 200);
    assert.equal(res.body.name, 'expediente');
    assert.equal(res.body.version, '1.0.0');
    assert.equal(typeof res.body.description, 'string');
    assert.equal(res.body.tools.length, 38);
    assert.equal(new Set(res.body.tools).size, 38);
    assert.deepEqual(res.body.authentication, {
      type: 'oauth2',
      discovery: `${getStack().apiUrl}/.well-known/oauth-protected-resource`,
    });
    assert.equal(res.body.protocol_version, LATEST_PROTOCOL_VERSION);
  });

  it('negotiates an older protocol revision the client asks for', async () => {
    const res = await request('/mcp', {
      method: 'POST',
      headers: {
        accept: 'application/json, text/event-stream',
        Authorization: `Bearer ${await mcpToken('martin.alvarez@villaesperanza.gob.ar')}`,
      },
      json: { ...INIT, params: { ...INIT.params, protocolVersion: '2025-03-26' } },
    });
    assert.equal(res.status, 200, res.text);
    assert.match(res.text, /"protocolVersion":"2025-03-26"/);
  });

  it('answers hostile requests with 4xx or a JSON-RPC error, never 5xx', async () => {
    const auth = { Authorization: `Bearer ${await mcpToken('martin.alvarez@villaesperanza.gob.ar')}` };
    const accept = { accept: 'application/json, text/event-stream' };
    const cases: { headers: Record<string, string>; raw?: string; json?: unknown }[] = [
      { headers: { ...auth, ...accept, 'content-type': 'application/json' }, raw: '{"jsonrpc": ' },
      { headers: { ...auth, ...accept, 'content-type': 'text/plain' }, raw: 'hola' },
      { headers: { ...auth, ...accept }, json: { not: 'json-rpc' } },
      { headers: { ...auth, accept: 'text/html' }, json: INIT },
      {
        headers: { ...auth, ...accept },
        json: {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'search_cases', arguments: { page: 'uno' } },
        },
      },
      {
        headers: { ...auth, ...accept },
        json: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'no_existe', arguments: {} } },
      },
      {
        headers: { ...auth, ...accept },
        json: {
          jsonrpc: '2.0',
          id: 4,
          method: 'tools/call',
          params: { name: 'get_case', arguments: { case_id: 'x'.repeat(100_000) } },
        },
      },
    ];
    for (const c of cases) {
      const res = await request('/mcp', {
        method: 'POST',
        headers: c.headers,
        ...(c.raw !== undefined ? { raw: c.raw } : { json: c.json }),
      });
      assert.ok(res.status < 500, `${res.status} ${res.text.slice(0, 200)}`);
    }
  });

  it('lets browser-based clients call /mcp and read the challenge (CORS)', async () => {
    const preflight = await request('/mcp', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://agent.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,mcp-protocol-version',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /Authorization/);
    const challenged = await request('/mcp', {
      method: 'POST',
      headers: { origin: 'https://agent.example' },
      json: INIT,
    });
    assert.match(challenged.headers.get('access-control-expose-headers') ?? '', /WWW-Authenticate/);
  });

  it('answers GET and DELETE /mcp 405 (stateless: no session stream)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await request('/mcp', {
        method,
        headers: { Authorization: `Bearer ${await mcpToken('martin.alvarez@villaesperanza.gob.ar')}` },
      });
      assert.equal(res.status, 405);
      assert.equal(res.headers.get('allow'), 'POST');
    }
  });
});
