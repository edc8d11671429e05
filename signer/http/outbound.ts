/**
 * The signing service's own requests: time-stamps from the TSA, OCSP answers, CRLs and issuer
 * certificates. node:http(s) over keep-alive agents rather than fetch: every signature makes at
 * least one such request, and fetch (Request/Response objects, WHATWG streams) costs ~0.25 ms
 * more CPU per request on this service's hot path.
 */
import http from 'node:http';
import https from 'node:https';

const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/** The answer passed the caller's size limit; it was abandoned, never held whole. */
export class ResponseTooLarge extends Error {}

export interface OutboundRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer | undefined;
  /** Aborts the request wherever it is (the caller adds its timeout to it). */
  signal: AbortSignal;
  /** Larger answers end in ResponseTooLarge. */
  maxBytes: number;
}

export interface OutboundResponse {
  status: number;
  /** The body of a 200 answer; empty for any other status (its body is not read). */
  body: Buffer;
}

/**
 * One request. Network failures and aborts reject; a keep-alive connection the server closed
 * meanwhile is retried once on a new one, as nothing was answered on it.
 */
export async function send(url: string, request: OutboundRequest): Promise<OutboundResponse> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new Error(`unsupported protocol ${target.protocol}`);
  try {
    return await attempt(target, request);
  } catch (err) {
    if (!(err instanceof StaleConnection)) throw err;
    return attempt(target, request);
  }
}

class StaleConnection extends Error {}

function attempt(target: URL, request: OutboundRequest): Promise<OutboundResponse> {
  const { method, headers = {}, body, signal, maxBytes } = request;
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(target, {
      method,
      agent: agents[target.protocol as 'http:' | 'https:'],
      signal,
      headers: body ? { ...headers, 'content-length': body.length } : headers,
    });
    let answered = false;
    req.on('error', (err: NodeJS.ErrnoException) => {
      const stale = !answered && req.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE');
      reject(stale ? new StaleConnection(err.message) : err);
    });
    req.on('response', (res) => {
      answered = true;
      const status = res.statusCode ?? 0;
      const fail = (err: Error) => {
        res.destroy();
        reject(err);
      };
      if (status !== 200) {
        res.destroy();
        resolve({ status, body: Buffer.alloc(0) });
        return;
      }
      if (Number(res.headers['content-length'] ?? 0) > maxBytes) return fail(new ResponseTooLarge());
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return fail(new ResponseTooLarge());
        chunks.push(chunk);
      });
      res.on('error', reject);
      res.on('end', () => resolve({ status, body: Buffer.concat(chunks, size) }));
      res.on('close', () => {
        if (!res.complete) reject(new Error('the connection closed before the answer was complete'));
      });
    });
    req.end(body);
  });
}
