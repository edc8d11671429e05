/** The Express application: security headers, parsing, routing by interface, uniform errors. */
import cors from 'cors';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { backendRouter } from './backend/router.js';
import { jsonBody } from './body.js';
import type { ApiDeps } from './deps.js';
import { errorHandler, notFoundHandler } from './errors.js';
import { methodNotAllowed, refuseTrace } from './method-not-allowed.js';
import { fileRoutes } from './files.js';
import { healthHandler } from './health.js';
import { createServiceMetrics, httpMetrics, metricsHandler } from '../lib/metrics.js';
import { interfaceOf } from './http.js';
import { integrationRouter } from './integration/router.js';
import { publicVerificationRoutes } from './public/router.js';
import { listRoutes, type RouteInfo } from './routes.js';
import { openApiRoutes } from './openapi/routes.js';
import { webRoutes } from './web.js';
import { mcpDiscoveryRoutes } from './mcp/discovery.js';
import { mcpRoutes } from './mcp/server.js';

/** Headers a browser front end may send to the backend (preflight answer). */
const CORS_HEADERS = ['Authorization', 'Content-Type', 'X-Tenant-Schema', 'Idempotency-Key'];

/** Authenticated answers are per user: no cache (browser or proxy) may keep them. */
const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

export function createApp(deps: ApiDeps): Express {
  const app = express();
  const metrics = createServiceMetrics('api');
  const production = deps.config.appEnv === 'production';
  if (production && !deps.config.metricsToken) deps.log.warn('METRICS_TOKEN is not set: /metrics is not served');
  app.disable('x-powered-by');
  app.use(refuseTrace);
  app.set('trust proxy', 'loopback');
  // nosniff, frame-ancestors 'none', no-referrer, HSTS and the rest of helmet's defaults; the API
  // serves JSON and PDFs, never pages, so its CSP allows nothing to run.
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
      },
      referrerPolicy: { policy: 'no-referrer' },
      // The desk runs on another port of the same site and shows PDFs from /files.
      crossOriginResourcePolicy: { policy: 'same-site' },
    }),
  );
  // Browsers may call the API only from the configured front-end origins (none by default).
  if (deps.config.api.corsOrigins.length) {
    app.use(
      ['/api/v1', '/files'],
      cors({
        origin: deps.config.api.corsOrigins,
        allowedHeaders: CORS_HEADERS,
        exposedHeaders: ['Location'],
        maxAge: 600,
      }),
    );
  }
  app.use(httpMetrics(metrics));
  app.use(jsonBody(deps.config.api.bodyLimit));

  app.get('/health', healthHandler(deps));
  app.get('/metrics', metricsHandler(metrics, { token: deps.config.metricsToken, production }));
  app.use(fileRoutes(deps));
  // The OpenAPI descriptions and their reference page (/docs, with its own CSP).
  app.use(openApiRoutes(deps));

  // Public verification needs no credentials: answered before the interfaces ask for them.
  app.use(publicVerificationRoutes(deps));

  // MCP for AI agents (OAuth 2.0 bearer tokens) and its discovery documents, before the
  // /api/v1 routing (which would read an Authorization header as a backend request).
  app.use(mcpDiscoveryRoutes(deps));
  app.use(mcpRoutes(deps));

  // Integration REST and the backend share the /api/v1 prefix (and some paths); the credentials
  // a request carries decide which interface answers it.
  const integration = integrationRouter(deps);
  const backend = backendRouter(deps);
  app.use('/api/v1', noStore, (req, res, next) =>
    (interfaceOf(req) === 'backend' ? backend : integration)(req, res, next),
  );

  // The municipal desk (web/dist) at / with its own CSP; SPA paths fall back to its index.html.
  app.use(webRoutes(deps));

  // A path the API serves, asked with another method: 405 with Allow, not 404.
  app.use(
    methodNotAllowed([{ prefix: '/api/v1', routes: () => [...listRoutes(integration), ...listRoutes(backend)] }]),
  );
  app.use(notFoundHandler);
  app.use(errorHandler(deps.log));
  return app;
}

/** Every route of both interfaces under /api/v1 (building the routers does no I/O). */
export function apiRoutes(deps: ApiDeps): { integration: RouteInfo[]; backend: RouteInfo[] } {
  return { integration: listRoutes(integrationRouter(deps)), backend: listRoutes(backendRouter(deps)) };
}
