/** The Express application: parsing, routing by interface, uniform errors. */
import express, { type Express } from 'express';
import { backendRouter } from './backend/router.js';
import type { ApiDeps } from './deps.js';
import { errorHandler, notFoundHandler } from './errors.js';
import { fileRoutes } from './files.js';
import { healthHandler } from './health.js';
import { interfaceOf } from './http.js';
import { integrationRouter } from './integration/router.js';

export function createApp(deps: ApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(express.json({ limit: deps.config.api.bodyLimit }));

  app.get('/health', healthHandler(deps));
  app.use(fileRoutes(deps));

  // Integration REST and the backend share the /api/v1 prefix (and some paths); the credentials
  // a request carries decide which interface answers it.
  const integration = integrationRouter(deps);
  const backend = backendRouter(deps);
  app.use('/api/v1', (req, res, next) => (interfaceOf(req) === 'backend' ? backend : integration)(req, res, next));

  app.use(notFoundHandler);
  app.use(errorHandler(deps.log));
  return app;
}
