/**
 * `GET /.well-known/openapi.json` (integration REST), `GET /.well-known/openapi-backend.json`
 * (backend) and the interactive reference at `GET /docs`: Swagger UI from the installed
 * `swagger-ui-dist`, served from this process with no external assets. The API's own CSP allows
 * nothing to run; the reference pages get one that allows only their own scripts and styles.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import express, { type RequestHandler, type Router } from 'express';
import type { ApiDeps } from '../deps.js';
import { OPENAPI_PATHS, openApiDocument, type DocumentName } from './document.js';

const UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** The files of the distribution the page loads (nothing else of the folder is served). */
const UI_ASSETS = new Set([
  'swagger-ui.css',
  'index.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-32x32.png',
  'favicon-16x16.png',
]);

const PAGE = `<!DOCTYPE html>
<html lang="es">
  <head>
    <meta charset="UTF-8">
    <title>expediente — referencia del API</title>
    <link rel="stylesheet" href="/docs/swagger-ui.css">
    <link rel="stylesheet" href="/docs/index.css">
    <link rel="icon" type="image/png" href="/docs/favicon-32x32.png" sizes="32x32">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/docs/swagger-ui-bundle.js"></script>
    <script src="/docs/swagger-ui-standalone-preset.js"></script>
    <script src="/docs/init.js"></script>
  </body>
</html>
`;

/** The initializer is a file, not an inline script, so the CSP needs no 'unsafe-inline'. */
const INIT = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    urls: [
      { url: ${JSON.stringify(OPENAPI_PATHS.integration)}, name: 'Integración REST (X-API-Key)' },
      { url: ${JSON.stringify(OPENAPI_PATHS.backend)}, name: 'Backend (Bearer JWT)' }
    ],
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout'
  });
};
`;

/**
 * The one inline style Swagger UI needs: the `<style>` inside its top bar's logo SVG
 * (swagger-ui-dist 5.35). Allowed by hash, not with 'unsafe-inline'; the browser test in
 * test/openapi/document.test.ts fails if an upgrade changes it.
 */
const LOGO_STYLE_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/** Scripts and styles from this origin only; "Try it out" may call this origin and the public URL. */
function docsCsp(publicUrl: string): string {
  let origin = '';
  try {
    origin = new URL(publicUrl).origin;
  } catch {
    // a malformed public URL leaves only 'self'
  }
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' ${LOGO_STYLE_HASH}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${origin ? ` ${origin}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export function openApiRoutes(deps: ApiDeps): Router {
  const router = express.Router();
  const serverUrl = deps.config.api.publicUrl.replace(/\/+$/, '');
  // Built once: the description depends only on the code and the public URL.
  const documents: Record<DocumentName, string> = {
    integration: JSON.stringify(openApiDocument('integration', serverUrl)),
    backend: JSON.stringify(openApiDocument('backend', serverUrl)),
  };
  const csp = docsCsp(serverUrl);
  const withCsp: RequestHandler = (_req, res, next) => {
    res.set({ 'Content-Security-Policy': csp, 'Cache-Control': 'no-cache' });
    next();
  };

  for (const name of ['integration', 'backend'] as const) {
    router.get(OPENAPI_PATHS[name], (_req, res) => {
      res.set('Cache-Control', 'no-cache').type('application/json').send(documents[name]);
    });
  }
  router.get('/docs', withCsp, (_req, res) => {
    res.type('html').send(PAGE);
  });
  router.get('/docs/init.js', withCsp, (_req, res) => {
    res.type('application/javascript').send(INIT);
  });
  router.get('/docs/:asset', withCsp, (req, res, next) => {
    const asset = String(req.params.asset);
    if (!UI_ASSETS.has(asset)) return next();
    res.sendFile(path.join(UI_DIR, asset));
  });
  return router;
}
