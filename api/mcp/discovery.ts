/**
 * OAuth 2.0 discovery for the MCP server: the protected-resource metadata (RFC 9728), the
 * authorization server's metadata (RFC 8414, derived from the identity provider's OpenID
 * discovery document), the MCP manifest, and the 401 challenge that points a client at them.
 */
import cors from 'cors';
import { Router, type Response } from 'express';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { ApiDeps } from '../deps.js';
import { MCP_TOOLS } from './tools.js';

export const MCP_SCOPES = ['openid', 'profile', 'email', 'offline_access'];
export const MCP_VERSION = '1.0.0';
const DISCOVERY_CACHE_MS = 5 * 60 * 1000;

const origin = (deps: ApiDeps) => deps.config.api.publicUrl.replace(/\/+$/, '');
export const protectedResourceUrl = (deps: ApiDeps) => `${origin(deps)}/.well-known/oauth-protected-resource`;

/** Token audiences MCP accepts: the API's configured ones, the MCP resource URI and the production resource URL. */
export function mcpAudiences(deps: ApiDeps): string[] {
  const { oidc, mcp } = deps.config;
  return [...new Set([...oidc.audiences, mcp.resource, ...(mcp.productionResource ? [mcp.productionResource] : [])])];
}

export const CHALLENGE_HINT =
  'Obtenga un token OAuth 2.0 del proveedor de identidad (ver resource_metadata en WWW-Authenticate) y envíelo como Authorization: Bearer <token> / ' +
  'Get an OAuth 2.0 access token from the identity provider (see resource_metadata in WWW-Authenticate) and send it as Authorization: Bearer <token>';

/** 401 with the RFC 9728 challenge; `invalid` adds RFC 6750's error for a token that was refused. */
export function challenge(deps: ApiDeps, res: Response, message: string, invalid: boolean): void {
  const params = [`resource_metadata="${protectedResourceUrl(deps)}"`, `scope="${MCP_SCOPES.join(' ')}"`];
  if (invalid) params.push('error="invalid_token"', `error_description="${message.replace(/["\\]/g, '')}"`);
  res
    .set('WWW-Authenticate', `Bearer ${params.join(', ')}`)
    .status(401)
    .json({ error: message, hint: CHALLENGE_HINT });
}

/** The provider's OpenID discovery document, cached; a failed fetch is retried on the next request. */
function providerDiscovery(deps: ApiDeps) {
  let cached: { doc: Record<string, unknown>; at: number } | undefined;
  return async (): Promise<Record<string, unknown>> => {
    if (cached && Date.now() - cached.at < DISCOVERY_CACHE_MS) return cached.doc;
    const url = `${deps.config.oidc.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const res = await fetch(url, { signal: AbortSignal.timeout(3_000) });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    const doc = (await res.json()) as Record<string, unknown>;
    if (!doc || typeof doc !== 'object' || typeof doc.issuer !== 'string')
      throw new Error(`${url} is not a discovery document`);
    cached = { doc, at: Date.now() };
    return doc;
  };
}

export function mcpDiscoveryRoutes(deps: ApiDeps): Router {
  const router = Router();
  // Public documents: any origin may read them (browser-based clients discover from the page).
  router.use('/.well-known', cors({ methods: ['GET'], maxAge: 600 }));
  const discovery = providerDiscovery(deps);
  const issuer = deps.config.oidc.issuer;

  const protectedResource = (_req: unknown, res: Response) => {
    res.set('Cache-Control', 'public, max-age=300').json({
      resource: deps.config.mcp.resource,
      authorization_servers: [issuer],
      scopes_supported: MCP_SCOPES,
      bearer_methods_supported: ['header'],
      resource_name: 'expediente MCP',
      resource_documentation: `${origin(deps)}/.well-known/mcp.json`,
    });
  };
  router.get(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'], protectedResource);

  router.get(
    ['/.well-known/oauth-authorization-server', '/.well-known/oauth-authorization-server/mcp'],
    async (_req, res) => {
      let doc: Record<string, unknown>;
      try {
        doc = await discovery();
      } catch (err) {
        deps.log.warn('identity provider discovery unavailable', { error: (err as Error).message });
        res.status(503).json({ error: 'No se pudo obtener la configuración del proveedor de identidad' });
        return;
      }
      // Clients with no prior relationship register here (RFC 7591) when they cannot use a Client
      // ID Metadata Document; Auth0 and the development provider both serve it at /oidc/register.
      const registration =
        typeof doc.registration_endpoint === 'string'
          ? doc.registration_endpoint
          : `${String(doc.issuer).replace(/\/+$/, '')}/oidc/register`;
      res.set('Cache-Control', 'public, max-age=300').json({
        ...doc,
        registration_endpoint: registration,
        code_challenge_methods_supported: doc.code_challenge_methods_supported ?? ['S256'],
        scopes_supported: doc.scopes_supported ?? MCP_SCOPES,
      });
    },
  );

  router.get('/.well-known/mcp.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json({
      name: 'expediente',
      version: MCP_VERSION,
      description:
        'Gestión de expedientes, documentos, notas y registros municipales para agentes de IA / Municipal case, document, note and record management for AI agents',
      tools: MCP_TOOLS.map((t) => t.name),
      authentication: { type: 'oauth2', discovery: protectedResourceUrl(deps) },
      endpoint: `${origin(deps)}/mcp`,
      transport: 'streamable-http',
      protocol_version: LATEST_PROTOCOL_VERSION,
      protocol_versions_supported: SUPPORTED_PROTOCOL_VERSIONS,
    });
  });

  return router;
}
