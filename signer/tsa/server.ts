/**
 * The local time-stamping authority over HTTP (RFC 3161 §3.4): POST with
 * `Content-Type: application/timestamp-query`, answered with `application/timestamp-reply`.
 * For development and tests only; production points TSA_URL at a real, trusted authority.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, type Logger } from '../../lib/log.js';
import { devPkiPaths, ensureDevPki } from '../dev-pki.js';
import { TimestampResponder } from './responder.js';

const MAX_REQUEST_BYTES = 64 * 1024;

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
    if (req.method === 'GET' && req.url === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'healthy', service: 'expediente-tsa' }));
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST', 'content-type': 'text/plain' }).end('POST an application/timestamp-query\n');
      return;
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/timestamp-query') {
      res.writeHead(415, { 'content-type': 'text/plain', connection: 'close' }).end('Content-Type must be application/timestamp-query\n');
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        res.writeHead(413, { 'content-type': 'text/plain', connection: 'close' }).end('request too large\n');
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (res.headersSent) return;
      try {
        const reply = responder.respond(Buffer.concat(chunks));
        res.writeHead(200, { 'content-type': 'application/timestamp-reply', 'content-length': reply.length }).end(reply);
      } catch (err) {
        log.error('time-stamp failed', { err });
        res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error\n');
      }
    });
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
