/**
 * Every records route answers hostile input with a clear 4xx and writes nothing: malformed ids
 * and field names, oversized or odd query values, bodies of the wrong shape, text PostgreSQL's
 * jsonb would refuse.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { asBackend, asIntegration, request } from '../support/http.js';
import { backend, createRecord, integration } from './support.js';

const SEGMENTS = ['not-a-uuid', '%00', '..', '%E0%A4%A', 'a'.repeat(3000), '__proto__', 'constructor', randomUUID()];
const QUERY_VALUES = [
  '',
  '%00',
  '0',
  '-1',
  '1.5',
  '99999999999999999999',
  '%25',
  '_',
  '%5C',
  'a'.repeat(5000),
  '%F0%9F%99%82',
];

describe('records: hostile input', function () {
  this.timeout(120_000);
  let id: string;

  before(async () => {
    id = (await createRecord('directora-obras', 'ARQ', `Hostil ${randomUUID().slice(0, 8)}`)).id;
  });

  it('path segments never reach a 5xx', async () => {
    const templates = [
      ['GET', '/records/:x'],
      ['PATCH', '/records/:x'],
      ['GET', '/records/:x/history'],
      ['GET', '/records/:x/relations'],
      ['GET', '/records/:x/cases'],
      ['GET', '/records/:x/documents'],
      ['PATCH', `/records/${'$id'}/fields/:x`],
      ['POST', `/records/${'$id'}/fields/:x/verify`],
      ['DELETE', `/records/${'$id'}/relations/:x`],
      ['DELETE', `/records/${'$id'}/cases/:x`],
      ['DELETE', `/records/${'$id'}/documents/:x`],
      ['GET', '/registries/:x'],
    ];
    for (const [method, template] of templates) {
      for (const segment of SEGMENTS) {
        const path = `/api/v1${template!.replace('$id', id).replace(':x', segment)}`;
        for (const headers of [asIntegration('directora-obras'), asBackend('directora-obras')]) {
          const json = method === 'GET' ? undefined : { value: 'x', state: 'Activo', document_id: randomUUID() };
          const res = await request(path, { method, headers, json });
          // '..' is resolved by the client to another route, which may well answer 200.
          assert.ok(
            res.status < 500 && (segment === '..' || res.status >= 400),
            `${method} ${path.slice(0, 120)} → ${res.status} ${res.text.slice(0, 200)}`,
          );
        }
      }
    }
  });

  it('query values never reach a 5xx', async () => {
    for (const key of ['page', 'page_size', 'search', 'state', 'family_code', 'registry', 'q', 'limit']) {
      for (const value of QUERY_VALUES) {
        for (const path of [
          `/records/search?${key}=${value}`,
          `/records?${key}=${value}`,
          `/records/autocomplete?q=ab&${key}=${value}`,
        ]) {
          const call = path.startsWith('/records/search') ? integration : backend;
          const res = await call('directora-obras', path);
          assert.ok(res.status < 500, `${path.slice(0, 100)} → ${res.status} ${res.text.slice(0, 200)}`);
        }
      }
    }
  });

  it('bodies of the wrong shape are 4xx and write nothing', async () => {
    const bodies: [string, string, unknown][] = [
      ['POST', '/records', 'texto'],
      ['POST', '/records', [1]],
      ['POST', '/records', { registry_code: 1, display_name: 'x' }],
      ['POST', '/records', { registry_code: 'ARQ', display_name: 'x'.repeat(501) }],
      ['POST', '/records', { registry_code: 'ARQ', display_name: '   ' }],
      [
        'POST',
        '/records',
        { registry_code: 'ARQ', display_name: 'x', data: { matricula: { value: 'x'.repeat(10_001) } } },
      ],
      ['POST', '/records', { registry_code: 'ARQ', display_name: 'x', data: { matricula: { value: 'a\u0000b' } } }],
      ['PATCH', `/records/${id}`, { state: 5 }],
      ['PATCH', `/records/${id}`, { display_name: null }],
      ['PATCH', `/records/${id}/fields/matricula`, 'texto'],
      ['PATCH', `/records/${id}/fields/matricula`, { value: { nested: true } }],
      ['PATCH', `/records/${id}/fields/matricula`, { document_id: 'x' }],
      ['PATCH', `/records/${id}/fields/matricula`, { notes: 'x'.repeat(2001) }],
      ['POST', `/records/${id}/fields/matricula/verify`, { document_id: 'x' }],
      ['POST', `/records/${id}/relations`, { target_record_id: id }],
      ['POST', `/records/${id}/relations`, { relation_type: 'parent' }],
      ['POST', `/records/${id}/cases`, { case_id: 'x' }],
      ['POST', `/records/${id}/documents`, { document_id: randomUUID(), field_name: 7 }],
    ];
    for (const [method, path, json] of bodies) {
      for (const call of [integration, backend]) {
        const res = await call('directora-obras', path, method, json);
        assert.ok(
          res.status >= 400 && res.status < 500,
          `${method} ${path} ${JSON.stringify(json).slice(0, 80)} → ${res.status} ${res.text.slice(0, 200)}`,
        );
      }
    }
    const history = await integration('directora-obras', `/records/${id}/history`);
    assert.deepEqual(
      history.body.entries.map((e: { action: string }) => e.action),
      ['created'],
      'nothing was written',
    );
  });

  it('a lone surrogate in a value is stored as U+FFFD instead of failing', async () => {
    const res = await request(`/api/v1/records/${id}/fields/telefono`, {
      method: 'PATCH',
      headers: { ...asIntegration('directora-obras'), 'content-type': 'application/json' },
      raw: '{"value":"351\\ud800x"}',
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.field_data.value, '351\ufffdx');
    assert.equal((await integration('directora-obras', `/records/${id}`)).body.data.telefono.value, '351\ufffdx');
  });
});
