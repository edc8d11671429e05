/**
 * Bad input gets a clear 4xx, never a 500, never a partial write: regressions for the hostile
 * requests the API must survive (deep JSON, broken percent-encoding, huge page numbers, non-
 * canonical ids and file URLs, wrong content types, silent truncation), plus the headers every
 * answer carries.
 */
import assert from 'node:assert/strict';
import { getStack } from './support/hooks.js';
import { createIntegrationDraft, letterPdf, pdfForm } from './support/documents.js';
import { asBackend, asIntegration, demoUser, request } from './support/http.js';

const deepJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('hostile input to the API', () => {
  it('JSON nested 5,000 deep → 400 on every JSON route, integration and backend', async () => {
    for (const depth of [65, 5000, 200_000]) {
      const raw = `{"reference":${deepJson(depth)}}`;
      const integration = await request('/api/v1/documents', {
        method: 'POST',
        headers: { ...asIntegration(), 'content-type': 'application/json' },
        raw,
      });
      assert.deepEqual(
        [integration.status, integration.body],
        [400, { error: 'Body JSON invalido: anidamiento mayor a 64 niveles' }],
        `depth ${depth}`,
      );
      const backend = await request('/api/v1/cases', {
        method: 'POST',
        headers: { ...asBackend(), 'content-type': 'application/json' },
        raw,
      });
      assert.equal(backend.status, 400);
      assert.equal(backend.body.message, 'Body JSON invalido: anidamiento mayor a 64 niveles');
    }
    // Brackets inside strings are text, not nesting.
    const id = await createIntegrationDraft('agente-obras');
    const text = await request(`/api/v1/documents/${id}`, {
      method: 'PATCH',
      headers: asIntegration('agente-obras'),
      json: { content: `<p>${'[{'.repeat(10_000)} \\" ]</p>` },
    });
    assert.equal(text.status, 200, text.text);
  });

  it('broken percent-encoding in a path → 400, on API routes and file URLs', async () => {
    for (const path of [
      '/api/v1/documents/%E0%A4%A',
      '/api/v1/cases/%ZZ',
      '/files/tenants/demo/%E0%A4%A?expires=1&signature=00',
    ]) {
      const res = await request(path, { headers: asIntegration() });
      assert.equal(res.status, 400, path);
      assert.deepEqual(res.body, { error: 'Ruta invalida: codificación de caracteres incorrecta' }, path);
    }
    const backend = await request('/api/v1/documents/%E0%A4%A/details', { headers: asBackend() });
    assert.deepEqual(
      [backend.status, backend.body.message],
      [400, 'Ruta invalida: codificación de caracteres incorrecta'],
    );
  });

  it('page and page_size are bounded integers on every list', async () => {
    const lists = ['/api/v1/documents/search', '/api/v1/cases/search'];
    for (const path of lists) {
      for (const page of [
        '461168601842738791',
        '99999999999999999999',
        '10000001',
        '1e3',
        '-1',
        '0',
        '1.5',
        ' 2',
        '0x10',
      ]) {
        const res = await request(`${path}?page=${encodeURIComponent(page)}`, { headers: asIntegration() });
        assert.equal(res.status, 400, `${path} page=${page}: ${res.text}`);
        assert.deepEqual(res.body, { error: 'page debe ser un entero entre 1 y 10000000' });
      }
      for (const size of ['101', '0', '99999999999999999999']) {
        const res = await request(`${path}?page_size=${size}`, { headers: asIntegration() });
        assert.deepEqual(
          [res.status, res.body],
          [400, { error: 'page_size debe ser un entero entre 1 y 100' }],
          `${path} page_size=${size}`,
        );
      }
      const last = await request(`${path}?page=10000000&page_size=100`, { headers: asIntegration() });
      assert.equal(last.status, 200, last.text);
      assert.equal(last.body.page, 10_000_000);
    }
    const backend = await request('/api/v1/cases?page=461168601842738791', { headers: asBackend() });
    assert.equal(backend.status, 400);
  });

  it('ids are only the canonical 36-character UUID: urn:uuid, braces or no dashes → 400, never reaching the database', async () => {
    const user = demoUser('directora-obras');
    for (const variant of [`urn:uuid:${user}`, `{${user}}`, user.replace(/-/g, ''), `${user}\n`]) {
      const id = await createIntegrationDraft('agente-obras');
      const res = await request(`/api/v1/documents/${id}`, {
        method: 'PATCH',
        headers: asIntegration('agente-obras'),
        json: { signers: [variant] },
      });
      assert.deepEqual([res.status, res.body], [400, { error: 'signers.0 debe ser un UUID' }], variant);
    }
    const caseRes = await request('/api/v1/documents', {
      method: 'POST',
      headers: asIntegration('agente-obras'),
      json: { document_type_acronym: 'INF', reference: 'x', case_id: `urn:uuid:${user}` },
    });
    assert.equal(caseRes.status, 400);
    for (const path of [`/api/v1/documents/urn:uuid:${user}`, `/api/v1/cases/urn:uuid:${user}`]) {
      const res = await request(path, { headers: asIntegration() });
      assert.ok(res.status === 400 || res.status === 404, `${path}: ${res.status} ${res.text}`);
    }
  });

  it('one reference limit everywhere: the import route refuses 501 or 70,000 characters instead of cutting them', async () => {
    const pdf = await letterPdf();
    for (const length of [501, 70_000]) {
      const before = await request('/api/v1/documents/search?page_size=1', { headers: asIntegration('agente-obras') });
      const res = await request('/api/v1/documents/import', {
        method: 'POST',
        headers: asIntegration('agente-obras'),
        form: pdfForm({ document_type_acronym: 'INF', reference: 'r'.repeat(length) }, { bytes: pdf }),
      });
      assert.equal(res.status, 400, res.text);
      assert.match(
        res.body.error,
        length === 501 ? /^reference no puede superar 500 caracteres$/ : /^reference excede el tamaño permitido$/,
      );
      const after = await request('/api/v1/documents/search?page_size=1', { headers: asIntegration('agente-obras') });
      assert.equal(after.body.total, before.body.total, 'nothing was written');
    }
    const json = await request('/api/v1/documents', {
      method: 'POST',
      headers: asIntegration('agente-obras'),
      json: { document_type_acronym: 'INF', reference: 'r'.repeat(501) },
    });
    assert.deepEqual([json.status, json.body], [400, { error: 'reference no puede superar 500 caracteres' }]);
    const exact = await request('/api/v1/documents/import', {
      method: 'POST',
      headers: asIntegration('agente-obras'),
      form: pdfForm({ document_type_acronym: 'INF', reference: 'ñ'.repeat(500) }, { bytes: pdf }),
    });
    assert.equal(exact.status, 201, exact.text);
    assert.equal(exact.body.reference, 'ñ'.repeat(500));
  });

  it('a multipart body cut before its closing boundary, or with two files, is a 400 and the API stays up', async () => {
    const boundary = 'XyZ';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="document_type_acronym"\r\n\r\nINF\r\n--${boundary}\r\nContent-Disposition: form-data; name="reference"\r\n\r\nCorte\r\n`;
    const file = `--${boundary}\r\nContent-Disposition: form-data; name="pdf_file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7 never closed`;
    const cut = await request('/api/v1/documents/import', {
      method: 'POST',
      headers: { ...asIntegration('agente-obras'), 'content-type': `multipart/form-data; boundary=${boundary}` },
      raw: head + file,
    });
    assert.deepEqual([cut.status, cut.body], [400, { error: 'Cuerpo multipart invalido' }]);
    const pdf = await letterPdf();
    const form = pdfForm({ document_type_acronym: 'INF', reference: 'Dos archivos' }, { bytes: pdf });
    form.append('pdf_file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'b.pdf');
    const two = await request('/api/v1/documents/import', {
      method: 'POST',
      headers: asIntegration('agente-obras'),
      form,
    });
    assert.deepEqual([two.status, two.body], [400, { error: 'Envíe un solo archivo, como pdf_file' }]);
    assert.equal((await request('/health')).status, 200);
  });

  it('a non-JSON body on a JSON route → 415 and nothing changes; JSON on an upload route → 415', async () => {
    const id = await createIntegrationDraft('agente-obras');
    const before = await request(`/api/v1/documents/${id}`, { headers: asIntegration('agente-obras') });
    for (const [type, raw] of [
      ['text/plain', '{"reference":"x"}'],
      ['application/x-www-form-urlencoded', 'reference=x'],
      ['multipart/form-data; boundary=b', '--b--\r\n'],
    ] as const) {
      const res = await request(`/api/v1/documents/${id}`, {
        method: 'PATCH',
        headers: { ...asIntegration('agente-obras'), 'content-type': type },
        raw,
      });
      assert.deepEqual(
        [res.status, res.body],
        [415, { error: 'Content-Type no soportado: se espera application/json' }],
        type,
      );
    }
    const backend = await request(`/api/v1/documents/${id}/save`, {
      method: 'PATCH',
      headers: { ...asBackend('agente-obras'), 'content-type': 'text/plain' },
      raw: 'x',
    });
    assert.deepEqual(
      [backend.status, backend.body.message],
      [415, 'Content-Type no soportado: se espera application/json'],
    );
    const after = await request(`/api/v1/documents/${id}`, { headers: asIntegration('agente-obras') });
    assert.equal(after.body.updated_at, before.body.updated_at);
    const upload = await request('/api/v1/documents/import', {
      method: 'POST',
      headers: asIntegration('agente-obras'),
      json: { reference: 'x' },
    });
    assert.equal(upload.status, 415);
  });

  it('the JSON body limit fits the longest allowed content; one character more is a 400, a larger body a 413', async () => {
    const id = await createIntegrationDraft('agente-obras');
    const longest = `<p>${'ñ'.repeat(2_000_000 - 7)}</p>`;
    const ok = await request(`/api/v1/documents/${id}`, {
      method: 'PATCH',
      headers: asIntegration('agente-obras'),
      json: { content: longest },
    });
    assert.equal(ok.status, 200, ok.text.slice(0, 200));
    const over = await request(`/api/v1/documents/${id}`, {
      method: 'PATCH',
      headers: asIntegration('agente-obras'),
      json: { content: `${longest}ñ` },
    });
    assert.deepEqual([over.status, over.body], [400, { error: 'content no puede superar 2000000 caracteres' }]);
    const huge = await request(`/api/v1/documents/${id}`, {
      method: 'PATCH',
      headers: asIntegration('agente-obras'),
      json: { content: 'x'.repeat(9 * 1024 * 1024) },
    });
    assert.equal(huge.status, 413);
  });

  it('an early refusal of an upload reaches a fetch client as the refusal, never a reset connection', async () => {
    const big = Buffer.alloc(9 * 1024 * 1024, 0x41);
    for (let i = 0; i < 10; i++) {
      const form = pdfForm({ document_type_acronym: 'INF', reference: 'Sin clave' }, { bytes: big });
      const res = await request('/api/v1/documents/import', {
        method: 'POST',
        headers: { 'X-API-Key': 'exk_wrong', 'X-User-ID': demoUser('intendente') },
        form,
      });
      assert.deepEqual([res.status, res.body], [401, { error: 'API Key invalida o expirada' }], `try ${i}`);
    }
  });

  it('security headers on every answer, no-store on authenticated JSON', async () => {
    for (const [path, headers] of [
      ['/api/v1/system/sectors', asIntegration()],
      ['/api/v1/cases/templates', asBackend()],
      ['/health', {}],
      ['/nope', {}],
    ] as const) {
      const res = await request(path, { headers });
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
      assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/, path);
      assert.equal(res.headers.get('referrer-policy'), 'no-referrer', path);
      assert.equal(res.headers.get('x-powered-by'), null);
      if (path.startsWith('/api/v1')) assert.equal(res.headers.get('cache-control'), 'no-store', path);
    }
  });

  it('CORS: no browser origin is allowed by default; API_CORS_ORIGINS allows exactly the listed ones', async () => {
    const preflight = (baseUrl: string, origin: string) =>
      fetch(`${baseUrl}/api/v1/cases/templates`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization,x-tenant-schema',
        },
      });
    const byDefault = await preflight(getStack().apiUrl, 'http://127.0.0.1:5173');
    assert.equal(byDefault.headers.get('access-control-allow-origin'), null);
    const api = await getStack().extraApi({
      API_CORS_ORIGINS: 'http://127.0.0.1:5173, https://mesa.villaesperanza.gob.ar',
    });
    try {
      const allowed = await preflight(api.url, 'https://mesa.villaesperanza.gob.ar');
      assert.equal(allowed.status, 204);
      assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://mesa.villaesperanza.gob.ar');
      assert.match(allowed.headers.get('access-control-allow-headers') ?? '', /X-Tenant-Schema/i);
      const other = await preflight(api.url, 'https://evil.example');
      assert.equal(other.headers.get('access-control-allow-origin'), null);
      const get = await fetch(`${api.url}/api/v1/cases/templates`, {
        headers: { ...asBackend(), Origin: 'http://127.0.0.1:5173' },
      });
      assert.equal(get.status, 200);
      assert.equal(get.headers.get('access-control-allow-origin'), 'http://127.0.0.1:5173');
    } finally {
      await api.close();
    }
  });

  it('signed file URLs work only in their canonical form', async () => {
    const id = (
      await request('/api/v1/documents/import', {
        method: 'POST',
        headers: asIntegration('agente-obras'),
        form: pdfForm({ document_type_acronym: 'INF', reference: 'URL canónica' }, { bytes: await letterPdf() }),
      })
    ).body.document_id as string;
    const { pdf_url: url } = (await request(`/api/v1/documents/${id}/url`, { headers: asIntegration('agente-obras') }))
      .body as { pdf_url: string };
    const { pathname, search } = new URL(url);
    const get = (path: string) => request(path);
    assert.equal((await get(`${pathname}${search}`)).status, 200);
    const expires = /expires=(\d+)/.exec(search)![1]!;
    const signature = /signature=([0-9a-f]+)/.exec(search)![1]!;
    const variants = [
      `${pathname}?expires=0${expires}&signature=${signature}`,
      `${pathname}?expires=${expires}&signature=${signature}&signature=${signature}`,
      `${pathname}?signature=${signature}&expires=${expires}`,
      `${pathname}?expires=${expires}&signature=${signature}&x=1`,
      `${pathname}?expires=${expires}&signature=${signature.toUpperCase()}`,
      `${pathname.replace(/\/([^/]+)$/, '%2F$1')}?expires=${expires}&signature=${signature}`,
      `${pathname.replace('/files/tenants', '/files/%74enants')}?expires=${expires}&signature=${signature}`,
    ];
    for (const variant of variants) {
      const res = await get(variant);
      assert.equal(res.status, 403, variant);
      assert.deepEqual(res.body, { error: 'URL de archivo invalida' }, variant);
    }
  });
});
