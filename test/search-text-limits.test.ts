/**
 * Search texts share the limits table (domain/limits.ts) on every interface: a free-text search
 * (documents, cases, notes, memos, users, a document's or case's number) of more than 200
 * characters is refused with 400 and the limit's message before it reaches the database; one of
 * 200 characters is searched. Characters are code points, as on MCP and in the JSON schemas.
 */
import assert from 'node:assert/strict';
import { asBackend, asIntegration, demoUser, request } from './support/http.js';

const LIMIT = 200;
/** A refusal does no database work: well under a second even on a loaded machine. */
const QUICK_MS = 1_000;

type Route = { name: string; path: (text: string) => string; headers: () => Record<string, string>; param: string };

const query = (path: string, param: string) => (text: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${param}=${encodeURIComponent(text)}`;
const inPath = (path: string) => (text: string) => `${path}/${encodeURIComponent(text)}`;

const integration = () => asIntegration('agente-obras');
const backend = () => asBackend('agente-obras');

const ROUTES: Route[] = [
  {
    name: 'integration documents search',
    path: query('/api/v1/documents/search', 'search'),
    headers: integration,
    param: 'search',
  },
  {
    name: 'integration documents search by type',
    path: query('/api/v1/documents/search', 'document_type'),
    headers: integration,
    param: 'document_type',
  },
  {
    name: 'integration search-official',
    path: inPath('/api/v1/documents/search-official'),
    headers: integration,
    param: 'number',
  },
  {
    name: 'integration cases search',
    path: query('/api/v1/cases/search', 'search'),
    headers: integration,
    param: 'search',
  },
  {
    name: 'integration cases search by sector',
    path: query('/api/v1/cases/search', 'sector_filter'),
    headers: integration,
    param: 'sector_filter',
  },
  {
    name: 'integration case by number',
    path: inPath('/api/v1/cases/by-number'),
    headers: integration,
    param: 'number',
  },
  {
    name: 'integration notes received',
    path: query('/api/v1/notes/received', 'search'),
    headers: integration,
    param: 'search',
  },
  {
    name: 'integration notes sent',
    path: query('/api/v1/notes/sent', 'search'),
    headers: integration,
    param: 'search',
  },
  {
    name: 'integration notes archived',
    path: query('/api/v1/notes/archived', 'search'),
    headers: integration,
    param: 'search',
  },
  {
    name: 'integration users search',
    path: query('/api/v1/system/users/search', 'q'),
    headers: integration,
    param: 'q',
  },
  { name: 'backend cases', path: query('/api/v1/cases', 'search'), headers: backend, param: 'search' },
  {
    name: 'backend search-official',
    path: inPath('/api/v1/documents/search-official'),
    headers: backend,
    param: 'number',
  },
  { name: 'backend case by number', path: inPath('/api/v1/cases/by-number'), headers: backend, param: 'number' },
  {
    name: 'backend notes received',
    path: query('/api/v1/notes/received', 'search'),
    headers: backend,
    param: 'search',
  },
  { name: 'backend notes sent', path: query('/api/v1/notes/sent', 'search'), headers: backend, param: 'search' },
  {
    name: 'backend notes archived',
    path: query('/api/v1/notes/archived', 'search'),
    headers: backend,
    param: 'search',
  },
  {
    name: 'backend memos received',
    path: query('/api/v1/memos/received', 'search'),
    headers: backend,
    param: 'search',
  },
  { name: 'backend memos sent', path: query('/api/v1/memos/sent', 'search'), headers: backend, param: 'search' },
  {
    name: 'backend memos archived',
    path: query('/api/v1/memos/archived', 'search'),
    headers: backend,
    param: 'search',
  },
  { name: 'backend users search', path: query('/api/v1/users/search', 'query'), headers: backend, param: 'query' },
  {
    name: "backend user's documents",
    path: (text) => query(`/api/v1/users/${demoUser('agente-obras')}/documents`, 'search')(text),
    headers: backend,
    param: 'search',
  },
];

/** The error text of either interface: integration `{ error }`, backend `{ success: false, message }`. */
const messageOf = (body: { error?: string; message?: string }) => body?.error ?? body?.message;

describe('search text limits (integration REST and backend)', function () {
  this.timeout(120_000);

  for (const route of ROUTES) {
    it(`${route.name}: ${LIMIT + 1} characters are 400, ${LIMIT} are searched`, async () => {
      const started = performance.now();
      const long = await request(route.path('a'.repeat(LIMIT + 1)), { headers: route.headers() });
      const ms = performance.now() - started;
      assert.deepEqual(
        [long.status, messageOf(long.body)],
        [400, `${route.param} no puede superar ${LIMIT} caracteres`],
        long.text,
      );
      assert.ok(ms < QUICK_MS, `refused in ${ms.toFixed(0)} ms`);

      const exact = await request(route.path('a'.repeat(LIMIT)), { headers: route.headers() });
      // Searched: a list (200), or no such number (404), never the limit's 400.
      assert.ok([200, 404].includes(exact.status), `${exact.status}: ${exact.text}`);
    });
  }

  it('counts characters, not UTF-16 units: 200 characters outside the BMP are searched, 201 refused', async () => {
    const search = (text: string) =>
      request(`/api/v1/documents/search?search=${encodeURIComponent(text)}`, { headers: integration() });
    const exact = await search('🏛'.repeat(LIMIT));
    assert.equal(exact.status, 200, exact.text);
    const long = await search('🏛'.repeat(LIMIT + 1));
    assert.deepEqual([long.status, messageOf(long.body)], [400, `search no puede superar ${LIMIT} caracteres`]);
  });

  it('a much longer search is refused just as quickly', async () => {
    const started = performance.now();
    const res = await request(`/api/v1/documents/search?search=${'a'.repeat(6_000)}`, { headers: integration() });
    const ms = performance.now() - started;
    assert.deepEqual([res.status, messageOf(res.body)], [400, `search no puede superar ${LIMIT} caracteres`]);
    assert.ok(ms < QUICK_MS, `refused in ${ms.toFixed(0)} ms`);
  });
});
