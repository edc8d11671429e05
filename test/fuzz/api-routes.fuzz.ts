/**
 * Hostile requests to every registered route of both interfaces, generated with fast-check:
 * path parameters, query strings, headers, credentials and bodies a careless client or an
 * attacker would send. The API must answer each one with a 4xx/2xx JSON in the interface's
 * shape — never a 5xx, never a dropped connection — within a time bound, while /health keeps
 * answering and memory stays bounded. FUZZ_SEED reproduces a run; FUZZ_RUNS sets requests per route.
 */
import fc from 'fast-check';
import { apiRoutes } from '../../api/app.js';
import type { RouteInfo } from '../../api/routes.js';
import { getStack } from '../support/hooks.js';
import { createIntegrationDraft } from '../support/documents.js';
import { template } from '../support/cases.js';
import { asBackend, asIntegration, demoSector, demoUser } from '../support/http.js';
import { Tally } from './support/tally.js';
import { watchHealth } from './support/watch.js';

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);
const CONCURRENCY = 4;
/** Case creation and signing wait for their workflow; everything else answers in milliseconds. */
const ANSWER_BOUND_MS = 15_000;

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array | string;
}

const HOSTILE_SEGMENTS = [
  '%E0%A4%A',
  '%ZZ',
  '%',
  '..',
  '%2e%2e',
  '%2F',
  '%00',
  '%C0%AF',
  '%F0%9F%92%A9',
  '-1',
  '0',
  '99999999999999999999',
  "'%20OR%201=1--",
  'null',
  'undefined',
  '[object%20Object]',
  'a'.repeat(3000),
  `urn:uuid:${demoUser('intendente')}`,
  `%7B${demoUser('intendente')}%7D`,
  demoUser('intendente').replace(/-/g, ''),
  demoUser('intendente').toUpperCase(),
];

const HOSTILE_VALUES = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '461168601842738791',
  '99999999999999999999',
  'NaN',
  'Infinity',
  'true',
  'null',
  '%00',
  '%E0%A4%A',
  "'; drop table documents; --",
  '%%',
  '\\',
  '*',
  '_',
  '%25',
  'a'.repeat(5000),
  'ñandú',
  '🙂',
  '<script>x</script>',
];

const QUERY_KEYS = [
  'page',
  'page_size',
  'search',
  'status',
  'q',
  'limit',
  'document_type',
  'case_id',
  'user_id',
  'include_documents',
  'document_type_acronym',
  'date_filter',
  'sector_filter',
  'expires',
  'signature',
  'unread_only',
  '__proto__',
  'constructor',
];

function arbitraries(realIds: string[]) {
  const segment = fc.oneof(
    fc.constantFrom(...realIds),
    fc.uuid().map(String),
    fc.constantFrom(...HOSTILE_SEGMENTS),
    fc.string({ maxLength: 40 }).map((s) => encodeURIComponent(s)),
    fc.string({ unit: 'binary', maxLength: 20 }).map((s) => encodeURIComponent(s)),
  );
  const queryValue = fc.oneof(
    fc.constantFrom(...HOSTILE_VALUES).map(encodeURIComponent),
    fc.constantFrom(...HOSTILE_VALUES.slice(0, 20)),
    fc.string({ maxLength: 30 }).map(encodeURIComponent),
    fc.nat().map(String),
  );
  const queryPart = fc
    .tuple(fc.constantFrom(...QUERY_KEYS, 'page[]', 'page[a]', 'a[b][c][d]'), queryValue)
    .map(([k, v]) => `${k}=${v}`);
  const query = fc.oneof(
    fc.constant(''),
    fc.array(queryPart, { maxLength: 6 }).map((parts) => (parts.length ? `?${parts.join('&')}` : '')),
    fc.constant('?page=1&page=2&page_size=5&page_size=500'),
  );

  // Mostly valid callers, so most requests reach validation and the domain, not just auth.
  const valid = fc.constantFrom<Record<string, string>>(
    asIntegration('intendente'),
    asIntegration('agente-obras'),
    asBackend('intendente'),
    asBackend('agente-obras'),
  );
  const hostile = fc.constantFrom<Record<string, string>>(
    { 'X-API-Key': getStack().demoApiKey, 'X-User-ID': 'not-a-uuid' },
    { 'X-API-Key': getStack().demoApiKey },
    { 'X-API-Key': 'exk_wrong', 'X-User-ID': demoUser('intendente') },
    {},
    { 'X-Tenant-Schema': 'demo', Authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
    { 'X-Tenant-Schema': 'demo', Authorization: 'Basic YTpi' },
    { 'X-Tenant-Schema': 'demo"; drop schema demo; --', Authorization: `Bearer ${demoUser('intendente')}` },
    { 'X-Tenant-Schema': 'control', Authorization: `Bearer ${demoUser('intendente')}` },
    { 'X-Tenant-Schema': 'x'.repeat(2000), Authorization: `Bearer ${demoUser('intendente')}` },
    { ...asIntegration('intendente'), ...asBackend('intendente') },
  );
  const credentials = fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: hostile, weight: 1 });

  const jsonValue = fc.oneof(
    fc.json({ maxDepth: 4 }),
    // A plausible body with hostile values in the fields routes read.
    fc
      .record(
        {
          reference: fc.oneof(
            fc.string({ maxLength: 600 }),
            fc.constant('\u0000'),
            fc.integer(),
            fc.constant('r'.repeat(501)),
          ),
          content: fc.oneof(fc.string(), fc.constant('<p>\u0000</p>'), fc.constant(null)),
          document_type_acronym: fc.oneof(fc.constantFrom('INF', 'NOTA', 'MEMO', 'CAEX', 'inf', ''), fc.string()),
          case_template_id: fc.oneof(
            fc.constant(template('PEROB')),
            fc.uuid().map(String),
            fc.constant(`urn:uuid:${template('PEROB')}`),
          ),
          signers: fc.oneof(
            fc.array(fc.constantFrom(demoUser('intendente'), `urn:uuid:${demoUser('intendente')}`, 'x', ''), {
              maxLength: 5,
            }),
            fc.constant('all'),
          ),
          recipients: fc.oneof(
            fc.json({ maxDepth: 3 }).map((j) => JSON.parse(j) as unknown),
            fc.constant({ to: [demoSector('DOP')], cc: ['x'] }),
          ),
          reason: fc.oneof(fc.string({ maxLength: 20 }), fc.constant(' '), fc.constant('x'.repeat(3000))),
          email: fc.oneof(fc.emailAddress(), fc.string()),
          proposed_id: fc.oneof(fc.uuid().map(String), fc.constant('')),
          page: fc.oneof(fc.integer(), fc.double()),
        },
        { requiredKeys: [] },
      )
      .map((o) => JSON.stringify(o)),
    fc.integer({ min: 65, max: 3000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`),
    fc.constantFrom(
      '{',
      '{"a":',
      '[1,2',
      'nul',
      '"\\ud800"',
      '{"a":1}{"b":2}',
      '\u0000',
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"x":1}}}',
    ),
  );
  const body = fc.oneof(
    fc.constant<Pick<FuzzRequest, 'body' | 'headers'>>({ headers: {} }),
    jsonValue.map((b) => ({ body: b, headers: { 'content-type': 'application/json' } })),
    jsonValue.map((b) => ({ body: b, headers: { 'content-type': 'text/plain' } })),
    fc.uint8Array({ maxLength: 200 }).map((b) => ({ body: b, headers: { 'content-type': 'application/json' } })),
    fc.constantFrom<Pick<FuzzRequest, 'body' | 'headers'>>(
      {
        body: 'reference=x&document_type_acronym=INF',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      { body: '{"reference":"x"}', headers: { 'content-type': 'application/json; charset=utf-16' } },
      { body: '{"reference":"x"}', headers: { 'content-type': 'application/json; charset=klingon' } },
      {
        body: '--b\r\nContent-Disposition: form-data; name="pdf_file"; filename="a.pdf"\r\n\r\n%PDF',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      },
      { body: '--b--', headers: { 'content-type': 'multipart/form-data' } },
      { body: Buffer.from([0xff, 0xfe, 0x7b, 0x00]), headers: { 'content-type': 'application/json' } },
    ),
  );
  return { segment, query, credentials, body };
}

function fillPath(pattern: string, segments: string[]): string {
  let i = 0;
  // `:param` fills one segment; `*rest` (file keys) a couple.
  return pattern.replace(/[:*]\w+/g, (m) =>
    m.startsWith('*')
      ? `${segments[i++ % segments.length]}/${segments[i++ % segments.length]}`
      : segments[i++ % segments.length]!,
  );
}

function requestsFor(routes: RouteInfo[], realIds: string[]): FuzzRequest[] {
  const arb = arbitraries(realIds);
  const out: FuzzRequest[] = [];
  routes.forEach((route, n) => {
    const samples = fc.sample(
      fc.tuple(fc.array(arb.segment, { minLength: 3, maxLength: 3 }), arb.query, arb.credentials, arb.body),
      {
        numRuns: RUNS_PER_ROUTE,
        seed: SEED + n,
      },
    );
    for (const [segments, query, credentials, body] of samples) {
      out.push({
        method: route.method,
        path: `${route.path.startsWith('/files/') ? '' : '/api/v1'}${fillPath(route.path, segments)}${query}`,
        headers: { ...credentials, ...body.headers },
        ...(body.body !== undefined && route.method !== 'GET' ? { body: body.body } : {}),
      });
    }
  });
  return out;
}

/**
 * The answer must be JSON in the shape of the interface that answered — except a route's own
 * success that is a file (a PDF download).
 */
function shapeProblem(status: number, contentType: string, text: string): string | undefined {
  if (status < 300 && /^application\/pdf/.test(contentType)) return undefined;
  if (!/application\/json/.test(contentType)) return `content-type ${contentType}`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return 'body is not JSON';
  }
  if (status >= 400 && typeof body.error !== 'string' && !(body.success === false && typeof body.message === 'string'))
    return `error shape ${text.slice(0, 120)}`;
  if (/at \w+ \(|node_modules|SELECT |INSERT |relation "/.test(text)) return `leaks internals: ${text.slice(0, 160)}`;
  return undefined;
}

async function send(apiUrl: string, r: FuzzRequest, tally: Tally): Promise<void> {
  const what = `${r.method} ${r.path.slice(0, 140)}`;
  const started = performance.now();
  try {
    const res = await fetch(`${apiUrl}${r.path}`, {
      method: r.method,
      headers: r.headers,
      body: r.body,
      signal: AbortSignal.timeout(ANSWER_BOUND_MS * 2),
    });
    const text = await res.text();
    tally.record(what, res.status, performance.now() - started, text);
    // A path whose dot segments resolve outside the API (`/files/../..` is `/`) reaches the desk, not an API route.
    const apiPath = /^\/(api\/|files\/)/.test(new URL(r.path, apiUrl).pathname);
    if (res.status !== 204 && res.status !== 405 && apiPath) {
      const problem = shapeProblem(res.status, res.headers.get('content-type') ?? '', text);
      if (problem) tally.fail(`${what}: ${res.status} ${problem}`);
    }
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
    tally.record(what, cause, performance.now() - started);
  }
}

describe('robustness: hostile requests to every API route', function () {
  this.timeout(10 * 60_000);

  it('never a 5xx, a dropped connection or a slow answer; /health responsive; memory bounded', async () => {
    const { apiUrl, apiDeps } = getStack();
    const routes = apiRoutes(apiDeps);
    // Integration and backend share many paths; the credentials of each request pick the interface.
    const all = [
      ...new Map([...routes.integration, ...routes.backend].map((r) => [`${r.method} ${r.path}`, r])).values(),
      { method: 'GET', path: '/files/*key' },
    ];
    const draft = await createIntegrationDraft('agente-obras');
    const realIds = [draft, demoUser('intendente'), demoSector('DOP'), template('PEROB')];
    const requests = requestsFor(all, realIds);
    process.stdout.write(`      ${all.length} routes, ${requests.length} requests, seed ${SEED}\n`);

    const tally = new Tally('api routes', {
      maxLatencyMs: ANSWER_BOUND_MS,
      maxRssBytes: 2 * 1024 ** 3,
      // A path that resolves to the desk (`/files/%2e%2e/` is `/`) in a checkout whose desk is not
      // built yet (test:web builds it later) gets the desk's documented 503.
      allowed5xx: (status, body) => status === 503 && body.startsWith('La mesa web no está compilada'),
    });
    const health = watchHealth(`${apiUrl}/health`, { maxLatencyMs: 2000 });
    let next = 0;
    const workers = Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const r = requests[next++]!;
        await send(apiUrl, r, tally);
        if (tally.requests % 25 === 0) tally.rss(process.memoryUsage().rss);
      }
    });
    await Promise.all(workers);
    tally.rss(process.memoryUsage().rss);
    const healthTally = await health.stop();
    healthTally.check();
    tally.check();
  });
});
