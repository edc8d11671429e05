/**
 * The backend client: bearer token + X-Tenant-Schema on every call, the `{success, data, message}`
 * envelope unwrapped, and every failure turned into an ApiError whose message is the API's own
 * words in the desk's Spanish (messages.ts), or a Spanish description of what went wrong on the way.
 */
import { deskMessage } from './messages';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface Envelope<T> {
  success: boolean;
  data: T;
  message: string;
}

interface Session {
  token: () => Promise<string | undefined>;
  /** Called once on a 401: a fresh token, or undefined when the session is over. */
  renew: () => Promise<string | undefined>;
  tenant: () => string | undefined;
}

let session: Session = { token: async () => undefined, renew: async () => undefined, tenant: () => undefined };

export function setSession(s: Session): void {
  session = s;
}

function messageOf(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const key of ['message', 'error', 'detail'])
      if (typeof b[key] === 'string' && b[key]) return deskMessage(b[key] as string);
  }
  if (status === 401) return 'Su sesión venció; vuelva a ingresar';
  if (status === 403) return 'No tiene permiso para esta operación';
  if (status === 404) return 'No encontrado';
  if (status >= 500) return `El servidor no pudo completar la operación (HTTP ${status})`;
  return `La operación falló (HTTP ${status})`;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  tenant?: string;
  signal?: AbortSignal;
  /** Renew the token once on a 401 (default). Off where a 401 means "not a user here", not "token expired". */
  renew?: boolean;
}

/** The raw response (for PDFs and 202 answers); throws ApiError when it is not 2xx. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const send = async (token: string | undefined) => {
    const headers: Record<string, string> = { Accept: 'application/json, application/pdf', ...options.headers };
    const tenant = options.tenant ?? session.tenant();
    if (tenant) headers['X-Tenant-Schema'] = tenant;
    if (token) headers.Authorization = `Bearer ${token}`;
    // A form (file upload) sets its own multipart boundary.
    const form = options.body instanceof FormData;
    if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
    try {
      return await fetch(path, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? null : form ? (options.body as FormData) : JSON.stringify(options.body),
        signal: options.signal ?? null,
      });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiError('No se pudo conectar con el servidor; revise su conexión', 0);
    }
  };
  let res = await send(await session.token());
  if (res.status === 401 && options.renew !== false) {
    const fresh = await session.renew();
    if (fresh) res = await send(fresh);
  }
  if (!res.ok) {
    const body = await res.json().catch(() => undefined);
    throw new ApiError(messageOf(body, res.status), res.status);
  }
  return res;
}

/** The whole envelope (for the status and message of 202 answers). */
export async function apiEnvelope<T>(
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<T> & { status: number }> {
  const res = await apiFetch(path, options);
  const body = (await res.json()) as Envelope<T>;
  return { ...body, status: res.status };
}

export function qs(params: Record<string, string | number | undefined | null>): string {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
}

export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error) return err.message;
  return String(err);
}
