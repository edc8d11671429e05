import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiEnvelope, ApiError, setSession } from '../src/api';
import { call, callEnvelope } from '../src/client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the backend client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token and the tenant, and unwraps the envelope', async () => {
    const fetchMock = vi.fn(async () => json(200, { success: true, data: { ok: 1 }, message: 'OK' }));
    vi.stubGlobal('fetch', fetchMock);
    setSession({ token: async () => 'tok', renew: async () => undefined, tenant: () => 'demo' });
    expect((await apiEnvelope('/api/v1/auth/me')).data).toEqual({ ok: 1 });
    const headers = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['X-Tenant-Schema']).toBe('demo');
  });

  it('renews the token once on a 401 and repeats the call', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(401, { success: false, message: 'Token invalido' }))
      .mockResolvedValueOnce(json(200, { success: true, data: 'again', message: 'OK' }));
    vi.stubGlobal('fetch', fetchMock);
    const renew = vi.fn(async () => 'fresh');
    setSession({ token: async () => 'old', renew, tenant: () => 'demo' });
    expect((await apiEnvelope('/api/v1/documents/x/details')).data).toBe('again');
    expect(renew).toHaveBeenCalledOnce();
    expect(
      ((fetchMock.mock.calls[1] as [string, RequestInit])[1].headers as Record<string, string>).Authorization,
    ).toBe('Bearer fresh');
  });

  it('a call that asks not to renew takes the 401 as the answer (probing a municipality the user is not in)', async () => {
    const fetchMock = vi.fn(async () => json(401, { success: false, message: 'Usuario no encontrado' }));
    vi.stubGlobal('fetch', fetchMock);
    const renew = vi.fn(async () => 'fresh');
    setSession({ token: async () => 't', renew, tenant: () => 'demo' });
    await expect(call('get', '/api/v1/auth/me', { tenant: 'otro', renew: false })).rejects.toEqual(
      new ApiError('Usuario no encontrado', 401),
    );
    expect(renew).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(
      ((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>)[
        'X-Tenant-Schema'
      ],
    ).toBe('otro');
  });

  it('turns failures into the API’s own words, or a Spanish description', async () => {
    setSession({ token: async () => 't', renew: async () => undefined, tenant: () => 'demo' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { success: false, message: 'Debe asignar al menos un firmante' })),
    );
    await expect(apiEnvelope('/x')).rejects.toEqual(new ApiError('Debe asignar al menos un firmante', 400));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    await expect(apiEnvelope('/x')).rejects.toThrow('El servidor no pudo completar la operación (HTTP 502)');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiEnvelope('/x')).rejects.toThrow('No se pudo conectar con el servidor; revise su conexión');
  });

  it('typed calls fill path parameters (encoded), the query (empty values left out) and the JSON body', async () => {
    const fetchMock = vi.fn(async () =>
      json(200, { success: true, data: { documents: [], total: 0, page: 2, page_size: 20 }, message: 'OK' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    setSession({ token: async () => 't', renew: async () => undefined, tenant: () => 'demo' });
    await call('get', '/api/v1/users/{id}/documents', {
      path: { id: 'a/b' },
      query: { status: 'signed', search: '', page: 2 },
    });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe(
      '/api/v1/users/a%2Fb/documents?status=signed&page=2',
    );
    fetchMock.mockResolvedValueOnce(
      json(200, { success: true, data: { document_id: 'd' }, message: 'Documento guardado' }),
    );
    const saved = await callEnvelope('patch', '/api/v1/documents/{id}/save', {
      path: { id: 'd' },
      body: { reference: 'Informe' },
    });
    expect(saved.message).toBe('Documento guardado');
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect([url, init.method, init.body]).toEqual([
      '/api/v1/documents/d/save',
      'PATCH',
      JSON.stringify({ reference: 'Informe' }),
    ]);
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('a file upload goes as the form itself, with the browser’s multipart boundary', async () => {
    const fetchMock = vi.fn(async () =>
      json(201, { success: true, data: { document_id: 'n' }, message: 'Documento importado' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    setSession({ token: async () => 't', renew: async () => undefined, tenant: () => 'demo' });
    const form = new FormData();
    form.set('reference', 'Nota externa');
    const res = await callEnvelope('post', '/api/v1/documents/import', { body: form });
    expect(res.status).toBe(201);
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('a missing path parameter is refused before any request', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(call('get', '/api/v1/documents/{id}/details', { path: { id: '' } })).rejects.toThrow(
      'falta el parámetro id',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
