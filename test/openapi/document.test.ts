/**
 * The OpenAPI descriptions: every registered route is described (a route added without its
 * description fails here), request bodies are the routes' own validation schemas, both documents
 * are valid OpenAPI 3.1 (openapi-spec-validator), and /docs serves the reference page locally
 * under its own CSP. The desk's generated API types match the backend description.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { apiRoutes } from '../../api/app.js';
import { listRoutes } from '../../api/routes.js';
import { publicVerificationRoutes } from '../../api/public/router.js';
import {
  OPENAPI_PATHS,
  openApiDocument,
  operationsOf,
  servedPath,
  type DocumentName,
} from '../../api/openapi/document.js';
import { openApiPath } from '../../api/openapi/operation.js';
import { API_TYPES_FILE, generateApiTypes } from '../../web/api-types.js';
import { WEB_DIR } from '../../web/build.js';
import { getStack } from '../support/hooks.js';
import { request } from '../support/http.js';

/** Routes declared with `router.all` (GET and POST both served), which listRoutes does not list. */
const DECLARED_WITH_ALL = [
  'GET /cases/:id/prepare-assignment',
  'POST /cases/:id/prepare-assignment',
  'GET /cases/:id/prepare-transfer',
  'POST /cases/:id/prepare-transfer',
];

const described = (doc: DocumentName, absolute: boolean) =>
  operationsOf(doc)
    .filter((op) => Boolean(op.absolute) === absolute)
    .map((op) => `${op.method} ${op.path}`)
    .sort();

describe('OpenAPI: the descriptions', () => {
  it('describe every route of both interfaces, and nothing that is not served', () => {
    const routes = apiRoutes(getStack().apiDeps);
    for (const doc of ['integration', 'backend'] as const) {
      const registered = routes[doc].map((r) => `${r.method} ${r.path}`);
      const documented = described(doc, false);
      assert.deepEqual(
        registered.filter((r) => !documented.includes(r)),
        [],
        `${doc} routes without a description`,
      );
      const stale = documented.filter(
        (d) => !registered.includes(d) && !(doc === 'integration' && DECLARED_WITH_ALL.includes(d)),
      );
      assert.deepEqual(stale, [], `${doc} descriptions of routes that are not served`);
    }
  });

  it('give the desk its API types: web/src/backend-api.ts is what openapi-typescript makes of the backend description today', async () => {
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    const current = await generateApiTypes();
    assert.ok(
      committed === current,
      'web/src/backend-api.ts is out of date with the backend description: run npm run web:api-types',
    );
    assert.match(committed, /"\/api\/v1\/documents\/\{id\}\/details": \{/);
  });

  it('every backend operation is called by the desk (through its typed client)', () => {
    const sources = readdirSync(path.join(WEB_DIR, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && path.resolve(WEB_DIR, 'src', f) !== API_TYPES_FILE)
      .map((f) => readFileSync(path.join(WEB_DIR, 'src', f), 'utf8'))
      .join('\n');
    const uncalled = operationsOf('backend')
      .map((op) => ({ op, typed: openApiPath(servedPath('backend', op)) }))
      .filter(({ op, typed }) => !sources.includes(`'${op.method.toLowerCase()}', '${typed}'`))
      .map(({ op, typed }) => `${op.method} ${typed}`);
    assert.deepEqual(uncalled, [], 'backend operations no screen of the desk calls');
  });

  it('describe public verification and /health in the integration document', () => {
    const registered = listRoutes(publicVerificationRoutes(getStack().apiDeps)).map((r) => `${r.method} ${r.path}`);
    const documented = described('integration', true);
    assert.deepEqual(
      registered.filter((r) => !documented.includes(r)),
      [],
    );
    assert.deepEqual(
      documented.filter((d) => !registered.includes(d)),
      ['GET /health'],
    );
  });

  it('take request bodies from the schemas the routes validate with (one source of truth)', () => {
    for (const doc of ['integration', 'backend'] as const) {
      const built = openApiDocument(doc, 'http://x') as {
        paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
      };
      for (const op of operationsOf(doc).filter((o) => o.body)) {
        const described =
          built.paths[openApiPath(servedPath(doc, op))]![op.method.toLowerCase()]!.requestBody!.content[
            'application/json'
          ]!.schema;
        assert.equal(described, op.body!.schema, `${doc} ${op.method} ${op.path}`);
      }
    }
  });

  it('are served at /.well-known as OpenAPI 3.1.0, version 1.0.0, with the public URL as server', async () => {
    for (const doc of ['integration', 'backend'] as const) {
      const res = await request(OPENAPI_PATHS[doc]);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(res.body.openapi, '3.1.0');
      assert.equal(res.body.info.version, '1.0.0');
      assert.deepEqual(res.body.servers, [{ url: getStack().config.api.publicUrl.replace(/\/+$/, '') }]);
      assert.deepEqual(res.body, JSON.parse(JSON.stringify(openApiDocument(doc, res.body.servers[0].url))));
    }
  });

  it('are valid OpenAPI 3.1 documents (openapi-spec-validator)', function () {
    const probe = spawnSync('python3', ['-c', 'import openapi_spec_validator'], { encoding: 'utf8' });
    if (probe.status !== 0) this.skip();
    for (const doc of ['integration', 'backend'] as const) {
      const run = spawnSync(
        'python3',
        ['-c', 'import json, sys\nfrom openapi_spec_validator import validate\nvalidate(json.load(sys.stdin))'],
        {
          input: JSON.stringify(openApiDocument(doc, 'http://127.0.0.1:3000')),
          encoding: 'utf8',
        },
      );
      assert.equal(run.status, 0, `${doc}: ${run.stderr.slice(-2000)}`);
    }
  });

  it('/docs serves Swagger UI from this origin under a CSP that allows only its own scripts and styles', async () => {
    const page = await request('/docs');
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /style-src 'self'( 'sha256-[A-Za-z0-9+/=]+')?(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.doesNotMatch(page.text, /https?:\/\//, 'no external assets');
    assert.doesNotMatch(page.text, /<script>[^<]/, 'no inline script');
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(assets.includes('/docs/swagger-ui-bundle.js') && assets.includes('/docs/init.js'));
    for (const asset of assets) {
      const res = await request(asset);
      assert.equal(res.status, 200, asset);
    }
    const init = await request('/docs/init.js');
    assert.match(init.text, /openapi\.json/);
    assert.match(init.text, /openapi-backend\.json/);
    assert.equal((await request('/docs/package.json')).status, 404, "only the page's assets are served");
    // The rest of the API keeps its CSP that allows nothing.
    assert.match((await request('/health')).headers.get('content-security-policy') ?? '', /default-src 'none'/);
  });

  it('/docs renders both descriptions in a real browser with no CSP violation', async function () {
    const executablePath = getStack().config.chromiumPath;
    if (!existsSync(executablePath)) this.skip();
    const browser = await chromium.launch({
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto(`${getStack().apiUrl}/docs`);
      await page.waitForSelector('.opblock', { timeout: 20_000 });
      assert.ok((await page.locator('.opblock').count()) > 60, 'the integration operations are listed');
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  });
});
