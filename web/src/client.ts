/**
 * The typed backend client: every call names a path and method of the backend's OpenAPI
 * description (web/src/backend-api.ts, generated), so its path parameters, query, body and the
 * `data` of its answer are checked against what the API documents. Transport, tokens and error
 * words stay in api.ts.
 */
import { apiEnvelope, apiFetch, qs, type Envelope, type RequestOptions } from './api';
import type { paths } from './backend-api';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Path = keyof paths;
/** The paths that serve this method. */
export type PathFor<M extends Method> = { [P in Path]: paths[P][M] extends { responses: unknown } ? P : never }[Path];
type Operation<M extends Method, P extends PathFor<M>> = NonNullable<paths[P][M]>;

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;
type SuccessBody<O> = O extends { responses: infer R }
  ? { [S in keyof R]: S extends 200 | 201 | 202 ? JsonOf<R[S]> : never }[keyof R]
  : never;
type DataOf<B> = B extends { data: infer D } ? D : never;

/** The `data` of a successful answer (a union when 200 and 202 differ). */
export type Data<M extends Method, P extends PathFor<M>> = DataOf<SuccessBody<Operation<M, P>>>;
/** The JSON body a call takes. */
export type Body<M extends Method, P extends PathFor<M>> = JsonBody<Operation<M, P>>;
/** A query parameter object of a GET. */
export type Query<P extends PathFor<'get'>> =
  Operation<'get', P> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

type PathParams<O> = O extends { parameters: { path: infer PP } }
  ? PP extends Record<string, unknown>
    ? PP
    : never
  : never;
type QueryParams<O> = O extends { parameters: { query?: infer Q } } ? Q : never;
type JsonBody<O> = O extends { requestBody?: { content: { 'application/json': infer B } } }
  ? B
  : O extends { requestBody?: { content: { 'multipart/form-data': unknown } } }
    ? FormData
    : never;

type Init<O> = ([PathParams<O>] extends [never] ? { path?: undefined } : { path: PathParams<O> }) & {
  query?: QueryParams<O>;
  body?: JsonBody<O>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Another municipality than the session's (probing which ones the user belongs to). */
  tenant?: string;
  renew?: boolean;
};

type Args<O> = [PathParams<O>] extends [never] ? [init?: Init<O>] : [init: Init<O>];

/** What a call sends, once its types have been checked. */
type Sent = {
  path?: Record<string, unknown>;
  query?: unknown;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  tenant?: string;
  renew?: boolean;
};

function url(template: string, init: Sent | undefined): string {
  const filled = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = init?.path?.[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`falta el parámetro ${name} de ${template}`);
    return encodeURIComponent(String(value));
  });
  return filled + qs((init?.query ?? {}) as Record<string, string | number | undefined | null>);
}

function options(method: Method, init: Sent | undefined): RequestOptions {
  return {
    method: method.toUpperCase(),
    ...(init?.tenant ? { tenant: init.tenant } : {}),
    ...(init?.renew === false ? { renew: false } : {}),
    ...(init?.body !== undefined ? { body: init.body } : {}),
    ...(init?.headers ? { headers: init.headers } : {}),
    ...(init?.signal ? { signal: init.signal } : {}),
  };
}

/** The answer's `data`. */
export async function call<M extends Method, P extends PathFor<M>>(
  method: M,
  path: P,
  ...[init]: Args<Operation<M, P>>
): Promise<Data<M, P>> {
  return (await callEnvelope(method, path, ...([init] as Args<Operation<M, P>>))).data;
}

/** The whole envelope and HTTP status (202 answers: the operation continues). */
export async function callEnvelope<M extends Method, P extends PathFor<M>>(
  method: M,
  path: P,
  ...[init]: Args<Operation<M, P>>
): Promise<Envelope<Data<M, P>> & { status: number }> {
  const i = init as Sent | undefined;
  return apiEnvelope<Data<M, P>>(url(path, i), options(method, i));
}

/** The raw response, for answers that are files (PDF previews). */
export async function callRaw<M extends Method, P extends PathFor<M>>(
  method: M,
  path: P,
  ...[init]: Args<Operation<M, P>>
): Promise<Response> {
  const i = init as Sent | undefined;
  return apiFetch(url(path, i), options(method, i));
}
