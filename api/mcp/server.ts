/**
 * POST /mcp: the MCP server over Streamable HTTP, stateless (a new server and transport per
 * request, the SDK's stateless pattern), answers as server-sent events, so any API process can
 * serve any request. The bearer token is verified before the JSON-RPC message is read; each tool
 * call then resolves the acting user in its tenant and runs its adapter. Failures are tool
 * results with `isError` and the REST message, never a 500.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import cors from 'cors';
import { Router, type Request, type Response } from 'express';
import { isAppError } from '../../domain/errors.js';
import { isNonJsonBody } from '../body.js';
import { bearerToken } from '../http.js';
import type { ApiDeps } from '../deps.js';
import { documentSigning, type DocumentSigning } from '../temporal/document-signing.js';
import { challenge, CHALLENGE_HINT, MCP_VERSION, mcpAudiences } from './discovery.js';
import { mcpIdentity, toolContext, type McpIdentity } from './identity.js';
import { advertisedSchema, MCP_TOOLS, toolNamed, validateArgs } from './tools.js';
import type { McpTool } from './tool.js';

export const MISSING_TOKEN = 'Authorization required';
const INTERNAL = 'Error interno';
const RETRY_HINT = 'Reintente en unos instantes / Retry shortly';

const OUTPUT_SCHEMA = {
  type: 'object' as const,
  description: 'El mismo cuerpo JSON que la ruta REST gemela / The same JSON body as the twin REST route',
};

function describe(tool: McpTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: advertisedSchema(tool) as unknown as Tool['inputSchema'],
    outputSchema: OUTPUT_SCHEMA,
    annotations: {
      title: tool.title,
      readOnlyHint: tool.readOnly,
      ...(tool.readOnly ? {} : { destructiveHint: tool.destructive === true, idempotentHint: false }),
      openWorldHint: false,
    },
  };
}

/** A result as the REST route would serialize it (dates as ISO strings, no undefined). */
function toJson(value: unknown): Record<string, unknown> {
  const plain = JSON.parse(JSON.stringify(value ?? {})) as unknown;
  return plain && typeof plain === 'object' && !Array.isArray(plain)
    ? (plain as Record<string, unknown>)
    : { items: plain };
}

function errorResult(message: string, status: number): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }], structuredContent: { error: message, status } };
}

function buildServer(deps: ApiDeps, signing: DocumentSigning, identity: McpIdentity): Server {
  const server = new Server(
    { name: 'expediente', version: MCP_VERSION, title: 'expediente' },
    {
      capabilities: { tools: { listChanged: false } },
      instructions:
        'Llame a get_agent_guide para una guía breve; con varios municipios (list_my_tenants) pase tenant_id. / Call get_agent_guide for a short guide; with several municipalities pass tenant_id.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: MCP_TOOLS.map(describe) }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = toolNamed(request.params.name);
    // An unknown tool is a protocol error (invalid params), as the MCP specification has it.
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Herramienta desconocida: ${request.params.name}`);
    try {
      const args = validateArgs(tool, request.params.arguments);
      const tenantId = typeof args.tenant_id === 'string' ? args.tenant_id : undefined;
      const ctx = tool.tenantScoped ? await toolContext(deps, identity, tenantId) : undefined;
      const { tenant_id: _ignored, ...rest } = args;
      const result = toJson(await tool.run(rest, { deps, signing, identity, ctx }));
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
    } catch (err) {
      if (isAppError(err)) return errorResult(err.message, err.status);
      deps.log.error('mcp tool failed', { tool: tool.name, err });
      return errorResult(INTERNAL, 500);
    }
  });
  return server;
}

export function mcpRoutes(deps: ApiDeps): Router {
  const router = Router();
  const signing = documentSigning(deps);
  const audiences = mcpAudiences(deps);

  // Browser-based MCP clients call from any origin: the bearer token is no ambient credential
  // (no cookies), and they must read the 401 challenge to discover how to get one.
  router.use(
    '/mcp',
    cors({
      methods: ['POST'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Mcp-Protocol-Version', 'Last-Event-ID'],
      exposedHeaders: ['WWW-Authenticate'],
      maxAge: 600,
    }),
  );

  router.post('/mcp', async (req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store');
    try {
      const bearer = bearerToken(req.get('authorization'));
      if (!bearer) return challenge(deps, res, MISSING_TOKEN, false);
      let token;
      try {
        token = await deps.tokens.verify(bearer, { audiences });
      } catch (err) {
        if (isAppError(err) && err.status === 401) return challenge(deps, res, err.message, true);
        throw err;
      }
      const server = buildServer(deps, signing, mcpIdentity(deps, token));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, isNonJsonBody(req.body) ? undefined : req.body);
    } catch (err) {
      if (res.headersSent) {
        deps.log.error('mcp request failed after answering', { err });
        return;
      }
      if (isAppError(err)) {
        res.status(err.status).json({ error: err.message, hint: err.status >= 500 ? RETRY_HINT : CHALLENGE_HINT });
        return;
      }
      deps.log.error('mcp request failed', { err });
      res.status(500).json({ error: INTERNAL });
    }
  });

  // Stateless: no session stream to open (GET) or session to end (DELETE).
  router.all('/mcp', (_req, res) => {
    res
      .set('Allow', 'POST')
      .status(405)
      .json({ error: 'Método no permitido; use POST / Method not allowed; use POST' });
  });
  return router;
}
