/** Small HTTP helper over fetch: real requests against the running API. */
import { getStack } from './hooks.js';
import { demoId } from '../../db/seed/demo-data.js';

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  bytes: Buffer;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  /** A raw body (sent as-is, with the given headers). */
  raw?: string | Uint8Array;
  /** multipart/form-data (fetch writes the boundary header). */
  form?: FormData;
  baseUrl?: string;
}

export async function request<T = any>(path: string, options: RequestOptions = {}): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | Uint8Array | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.raw !== undefined) {
    body = options.raw;
  } else if (options.form) {
    body = options.form;
  }
  const res = await fetch(`${options.baseUrl ?? getStack().apiUrl}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body,
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the assertion on content will say so
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text, bytes };
}

/** Demo users by seed key (stable UUIDs). */
export const demoUser = (key: string) => demoId('user', key);
export const demoSector = (acronym: string) => demoId('sector', acronym);

/** Integration headers for a demo user with the demo API key. */
export function asIntegration(userKey = 'intendente'): Record<string, string> {
  return { 'X-API-Key': getStack().demoApiKey, 'X-User-ID': demoUser(userKey) };
}

/** Backend headers in testing mode for a demo user. */
export function asBackend(userKey = 'intendente', schema = 'demo'): Record<string, string> {
  return { 'X-Tenant-Schema': schema, Authorization: `Bearer ${demoUser(userKey)}` };
}
