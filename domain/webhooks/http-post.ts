/**
 * One webhook POST: no redirects followed (node:http never follows them), the connection made only
 * to an allowed address (request-filtering-agent checks the address the name resolved to, at
 * connect time), the whole exchange bounded by one timeout, and at most EXCERPT_BYTES of the
 * answer read. A receiver that never answers costs one timeout.
 */
import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { extraAllowedAddresses, type UrlPolicy } from './url-policy.js';

export const EXCERPT_BYTES = 1024;

export interface PostResult {
  statusCode: number | null;
  /** Transport failure (refused address, timeout, reset), or null when an answer came. */
  error: string | null;
  latencyMs: number;
  excerpt: string;
}

const agents = new Map<string, { http: http.Agent; https: https.Agent }>();

function agentsFor(policy: UrlPolicy) {
  const key = policy.production ? 'production' : 'development';
  let pair = agents.get(key);
  if (!pair) {
    const options = { keepAlive: true, maxSockets: 16, allowIPAddressList: extraAllowedAddresses(policy) };
    pair = { http: new RequestFilteringHttpAgent(options), https: new RequestFilteringHttpsAgent(options) };
    agents.set(key, pair);
  }
  return pair;
}

export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  policy: UrlPolicy,
  timeoutMs: number,
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: Omit<PostResult, 'latencyMs'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ ...r, latencyMs: elapsed() });
    };
    const target = new URL(url);
    const pair = agentsFor(policy);
    const request = (target.protocol === 'https:' ? https : http).request(target, {
      method: 'POST',
      agent: target.protocol === 'https:' ? pair.https : pair.http,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'expediente-webhooks/1',
        ...headers,
      },
    });
    const timer = setTimeout(() => {
      request.destroy(new Error(`sin respuesta en ${timeoutMs} ms`));
    }, timeoutMs);
    request.on('error', (err) => finish({ statusCode: null, error: err.message, excerpt: '' }));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const end = () => {
        finish({
          statusCode: response.statusCode ?? null,
          error: null,
          excerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8'),
        });
        // A body read to its end leaves the connection for the next delivery; a longer one is cut.
        if (!response.complete) response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= EXCERPT_BYTES) end();
      });
      response.on('end', end);
      response.on('error', end);
    });
    request.end(body);
  });
}
