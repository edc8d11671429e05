/**
 * Real responses agree with the description: one representative call of every described
 * operation (test/openapi/calls.ts) against the running stack, each checked by the response
 * checker (documented status, media type, body valid against its schema).
 */
import assert from 'node:assert/strict';
import { operationsOf, type DocumentName } from '../../api/openapi/document.js';
import { asBackend, asIntegration, request, type HttpResult } from '../support/http.js';
import { representativeCalls } from './calls.js';
import { ResponseChecker } from './checker.js';

describe('OpenAPI: responses of real calls match their description', function () {
  this.timeout(300_000);

  it('every described operation, called once, answers a documented status with a body its schema accepts', async () => {
    const checker = new ResponseChecker();
    const calls = await representativeCalls();
    const problems: string[] = [];
    const called = new Set<string>();
    for (const call of calls) {
      const key = `${call.document} ${call.method} ${call.path}`;
      called.add(key);
      const res = await call.run();
      // Representative calls are successful ones, so the success shapes are what gets checked.
      assert.ok(res.status < 400, `${key} answered ${res.status}: ${res.text.slice(0, 300)}`);
      for (const p of checker.check(call.document, call.method, call.path, res))
        problems.push(`${key} (${res.status}): ${p}`);
    }
    assert.deepEqual(problems, []);
    const uncalled = (['integration', 'backend'] as const)
      .flatMap((doc) => operationsOf(doc).map((op) => `${doc} ${op.method} ${op.path}`))
      .filter((k) => !called.has(k));
    assert.deepEqual(uncalled, [], 'every described operation has a representative call');
  });

  it('errors of each interface match their documented shape', async () => {
    const checker = new ResponseChecker();
    const missing = '00000000-0000-4000-8000-000000000000';
    const cases: [DocumentName, string, string, Promise<HttpResult>][] = [
      [
        'integration',
        'GET',
        '/documents/:id',
        request(`/api/v1/documents/${missing}`, { headers: asIntegration('agente-obras') }),
      ],
      [
        'integration',
        'POST',
        '/documents',
        request('/api/v1/documents', {
          method: 'POST',
          headers: asIntegration('agente-obras'),
          json: { reference: 7 },
        }),
      ],
      ['integration', 'GET', '/cases/search', request('/api/v1/cases/search')],
      ['integration', 'GET', '/api/v1/public/verify/:code', request('/api/v1/public/verify/NOPE')],
      ['integration', 'GET', '/verificar/:code', request('/verificar/NOPE')],
      ['backend', 'GET', '/cases/:id', request(`/api/v1/cases/${missing}`, { headers: asBackend('agente-obras') })],
      [
        'backend',
        'POST',
        '/documents',
        request('/api/v1/documents', { method: 'POST', headers: asBackend('agente-obras'), raw: 'x' }),
      ],
      ['backend', 'GET', '/auth/me', request('/api/v1/auth/me', { headers: { 'X-Tenant-Schema': 'demo' } })],
    ];
    for (const [doc, method, path, pending] of cases) {
      const res = await pending;
      assert.ok(res.status >= 400 && res.status < 500, `${doc} ${method} ${path}: ${res.status}`);
      assert.deepEqual(
        checker.check(doc, method, path, res),
        [],
        `${doc} ${method} ${path} (${res.status}): ${res.text}`,
      );
    }
  });

  it('the checker notices a response that disagrees with the description', () => {
    const checker = new ResponseChecker();
    const fake = (status: number, body: unknown, type = 'application/json') => ({
      status,
      body,
      text: JSON.stringify(body),
      headers: new Headers({ 'content-type': type }),
      bytes: Buffer.alloc(0),
    });
    assert.deepEqual(
      checker.check('integration', 'GET', '/system/document-states', fake(200, { document_states: [] })),
      [],
    );
    assert.notDeepEqual(checker.check('integration', 'GET', '/system/document-states', fake(200, { states: [] })), []);
    assert.notDeepEqual(
      checker.check(
        'integration',
        'GET',
        '/system/document-states',
        fake(404, { success: false, data: null, message: 'x' }),
      ),
      [],
    );
    assert.notDeepEqual(checker.check('backend', 'GET', '/auth/me', fake(200, '<html>', 'text/html')), []);
    assert.notDeepEqual(checker.check('backend', 'GET', '/nope', fake(200, {})), []);
  });
});
