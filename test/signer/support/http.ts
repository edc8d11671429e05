/** Requests to the signing service over real HTTP. */
import http from 'node:http';
import { API_KEY } from './service.js';

export interface SignerResponse {
  status: number;
  headers: Headers;
  bytes: Buffer;
  /** Parsed JSON body (errors, health, certificates), undefined for PDFs. */
  json: any;
}

export const SIGNER_FIELDS = {
  name: 'María José Núñez',
  seal: 'Directora General',
  department: 'Dirección de Rentas',
  entity: 'Municipalidad de Villa Esperanza',
};

export async function call(
  baseUrl: string,
  path: string,
  init: RequestInit & { apiKey?: string | null } = {},
): Promise<SignerResponse> {
  const headers = new Headers(init.headers);
  const key = init.apiKey === undefined ? API_KEY : init.apiKey;
  if (key !== null) headers.set('x-api-key', key);
  const res = await fetch(`${baseUrl}${path}`, { ...init, headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  return {
    status: res.status,
    headers: res.headers,
    bytes,
    json: isJson ? JSON.parse(bytes.toString('utf8')) : undefined,
  };
}

export interface SignOptions {
  pdf?: Buffer | undefined;
  filename?: string;
  /** Text fields; `undefined` values are left out. Defaults: SIGNER_FIELDS + tenant_id demo. */
  fields?: Record<string, string | undefined>;
  apiKey?: string | null;
}

/** POST /sign-pdf as multipart/form-data (fields first, then the file, like a browser form). */
export async function sign(baseUrl: string, options: SignOptions = {}): Promise<SignerResponse> {
  const form = new FormData();
  const fields = options.fields ?? { ...SIGNER_FIELDS, tenant_id: 'demo' };
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
  if (options.pdf)
    form.append('pdf_file', new Blob([options.pdf], { type: 'application/pdf' }), options.filename ?? 'documento.pdf');
  return call(baseUrl, '/sign-pdf', { method: 'POST', body: form, apiKey: options.apiKey });
}

/** Fields of a PAdES request for tenant `demo`, with overrides. */
export function fields(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return { ...SIGNER_FIELDS, tenant_id: 'demo', ...overrides };
}

/** A GET whose path is sent byte for byte (fetch would normalise dot segments away). */
export function rawGet(
  baseUrl: string,
  rawPath: string,
  headers: Record<string, string> = { 'x-api-key': API_KEY },
): Promise<{ status: number; json: any }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : undefined });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
