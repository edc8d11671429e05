/**
 * The local time-stamping authority over HTTP (RFC 3161 §3.4): POST with
 * `Content-Type: application/timestamp-query`, answered with `application/timestamp-reply`.
 * For development and tests only; production points TSA_URL at a real, trusted authority.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeAfterAnswer, drainRequest } from '../../lib/http-drain.js';
import { createLogger, type Logger } from '../../lib/log.js';
import { devPkiPaths, ensureDevPki } from '../dev-pki.js';
import { TimestampResponder } from './responder.js';

const MAX_REQUEST_BYTES = 64 * 1024;
/** A refused request's body is read (and dropped) this long at most before answering anyway. */
const DRAIN_TIME_MS = 3000;

export interface RunningTimestampAuthority {
  url: string;
  close(): Promise<void>;
}

export async function startTimestampAuthority(options: {
  port: number;
  host: string;
  /** Dev PKI folder; created on first start when missing. */
  pkiDir: string;
  log?: Logger;
}): Promise<RunningTimestampAuthority> {
  const log = options.log ?? createLogger('info');
  await ensureDevPki({ dir: options.pkiDir, tenants: [] });
  const paths = devPkiPaths(options.pkiDir);
  const responder = await TimestampResponder.load(paths.tsaCertPath, paths.tsaKeyPath);

  const server = http.createServer((req, res) => {
    // A client that goes away mid-request or mid-answer is its own problem, never the process's.
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    /** Refusals are sent once the body is read, so the client gets them rather than a reset. */
    const refuse = async (status: number, text: string, headers: Record<string, string> = {}) => {
      const outcome = await drainRequest(req, { maxBytes: MAX_REQUEST_BYTES, maxMs: DRAIN_TIME_MS });
      if (outcome === 'aborted' || res.headersSent || res.destroyed) return;
      try {
        if (outcome !== 'complete') closeAfterAnswer(req, res);
        res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(text);
      } catch {
        res.destroy();
      }
    };
    if (req.method === 'GET' && req.url === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'healthy', service: 'expediente-tsa' }));
      return;
    }
    if (req.method !== 'POST') return void refuse(405, 'POST an application/timestamp-query\n', { allow: 'POST' });
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/timestamp-query') return void refuse(415, 'Content-Type must be application/timestamp-query\n');
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        req.off('data', onData);
        req.off('end', onEnd);
        chunks.length = 0;
        void refuse(413, 'request too large\n');
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      try {
        const reply = responder.respond(Buffer.concat(chunks));
        res.writeHead(200, { 'content-type': 'application/timestamp-reply', 'content-length': reply.length }).end(reply);
      } catch (err) {
        log.error('time-stamp failed', { err });
        res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error\n');
      }
    };
    req.on('data', onData);
    req.on('end', onEnd);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}`;
  log.info('time-stamping authority listening', { url, certificate: paths.tsaCertPath });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
