/**
 * Failures that say "a service we depend on is down", not "this request is wrong" or "we have a
 * bug": PostgreSQL refusing or dropping connections, the pool timing out waiting for one, Temporal
 * unreachable or unable to find its namespace. The API answers them 503 with Retry-After, so clients and load balancers retry
 * instead of reporting a server bug.
 */
/** Seconds a client should wait before retrying. */
export const RETRY_AFTER_SECONDS = 5;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// SQLSTATE class 08 (connection exception) and 57P01–57P03 (shutdown, crash, cannot connect now).
const SQLSTATE_UNAVAILABLE = /^(08|57P0[1-3])/;
const PG_CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|terminating connection due to administrator command/i;
// gRPC statuses Temporal's client reports while the server is unreachable: UNAVAILABLE, DEADLINE_EXCEEDED.
const GRPC_UNAVAILABLE = new Set([14, 4]);
const GRPC_NOT_FOUND = 5;
// A Temporal server whose namespace cache cannot read its database answers "namespace not found"
// for a namespace that exists (seen while PostgreSQL restarts under it); a namespace that really is
// missing is the installation's fault too, never the request's. The client gives a
// NamespaceNotFoundError for a start, a bare NOT_FOUND naming the namespace for update-with-start.
const NAMESPACE_NOT_FOUND = /namespace/i;

interface ErrorLike {
  name?: string;
  code?: unknown;
  message?: string;
  cause?: unknown;
}

export function isDependencyUnavailable(err: unknown): boolean {
  let current = err as ErrorLike | undefined;
  for (
    let depth = 0;
    current && typeof current === 'object' && depth < 6;
    current = current.cause as ErrorLike | undefined, depth++
  ) {
    if (
      typeof current.code === 'string' &&
      (NETWORK_CODES.has(current.code) || SQLSTATE_UNAVAILABLE.test(current.code))
    )
      return true;
    // The gRPC error under the Temporal client's ServiceError.
    if (GRPC_UNAVAILABLE.has(current.code as number) && 'details' in current) return true;
    if (current.name === 'NamespaceNotFoundError') return true;
    if (
      current.code === GRPC_NOT_FOUND &&
      'details' in current &&
      NAMESPACE_NOT_FOUND.test(`${current.message} ${String(current.details)}`)
    )
      return true;
    if (current.name === 'KnexTimeoutError') return true;
    if (current.message && PG_CONNECTION_MESSAGES.test(current.message)) return true;
  }
  return false;
}
