/**
 * The local time-stamping authority over HTTP (RFC 3161 §3.4): POST with
 * `Content-Type: application/timestamp-query`, answered with `application/timestamp-reply`.
 * The same process serves the dev PKI's revocation services (revocation.ts): `POST /ocsp`
 * (RFC 6960, also `GET /ocsp/<base64>`), `GET /crl/<ca>.crl` and `GET /certs/<ca>.cer`. On start
 * it binds the dev PKI to its own URL, so the certificates point here whatever the port.
 * For development and tests only; production points TSA_URL at a real, trusted authority.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeAfterAnswer, drainRequest } from '../../lib/http-drain.js';
import { createLogger, type Logger } from '../../lib/log.js';
import { devPkiPaths, ensureDevPki } from '../dev-pki.js';
import { TimestampResponder } from './responder.js';
import { RevocationServices } from './revocation.js';

const MAX_REQUEST_BYTES = 64 * 1024;
/** A refused request's body is read (and dropped) this long at most before answering anyway. */
const DRAIN_TIME_MS = 3000;

/** The request of an OCSP GET: URL-encoded base64 (a malformed one becomes a malformedRequest answer). */
function base64Request(encoded: string): Buffer {
  try {
    return Buffer.from(decodeURIComponent(encoded), 'base64');
  } catch {
    return Buffer.alloc(0);
  }
}

function wrap(type: string, body: Buffer | undefined): { type: string; body: Buffer } | undefined {
  return body && { type, body };
}

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
  /**
   * Point the PKI's certificates (CRL distribution points, OCSP) at this authority (default).
   * false: a second authority over a PKI another one already publishes — it time-stamps and
   * answers OCSP/CRL requests too, but the certificates keep naming the first, which outlives it.
   */
  publishRevocation?: boolean;
}): Promise<RunningTimestampAuthority> {
  const log = options.log ?? createLogger('info');
  const paths = devPkiPaths(options.pkiDir);
  // The URL is known once listening (port 0 picks one); requests wait until the PKI is bound to it.
  let services: { responder: TimestampResponder; revocation: RevocationServices } | undefined;

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
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: 'healthy', service: 'expediente-tsa' }));
      return;
    }
    if (!services) return void refuse(503, 'starting\n', { 'retry-after': '1' });
    const { responder, revocation } = services;
    const answer = (work: () => Promise<{ type: string; body: Buffer } | undefined>) =>
      work().then(
        (r) => {
          if (!r) return void refuse(404, 'not found\n');
          res
            .writeHead(200, { 'content-type': r.type, 'content-length': r.body.length, 'cache-control': 'no-store' })
            .end(r.body);
        },
        (err) => {
          log.error('revocation service failed', { err });
          res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error\n');
        },
      );
    const route = new URL(req.url ?? '/', 'http://tsa').pathname;
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (req.method === 'GET') {
      const crl = /^\/crl\/([a-z-]+)\.crl$/.exec(route);
      if (crl) return void answer(async () => wrap('application/pkix-crl', await revocation.crl(crl[1]!)));
      const cert = /^\/certs\/([a-z-]+)\.cer$/.exec(route);
      if (cert) return void answer(async () => wrap('application/pkix-cert', revocation.caCertificate(cert[1]!)));
      // RFC 6960 Appendix A.1: GET {url}/{url-encoding of base-64 encoding of the DER request}.
      const get = /^\/ocsp\/(.+)$/.exec(route);
      if (get)
        return void answer(async () =>
          wrap('application/ocsp-response', await revocation.ocsp(base64Request(get[1]!))),
        );
      // Time-stamps are POSTed to any path; other GETs are the wrong method there.
      return void refuse(405, 'POST an application/timestamp-query\n', { allow: 'POST' });
    }
    if (req.method !== 'POST')
      return void refuse(405, 'POST an application/timestamp-query or application/ocsp-request\n', {
        allow: 'GET, POST',
      });
    let handle: (body: Buffer) => void;
    if (route === '/ocsp') {
      if (type !== 'application/ocsp-request')
        return void refuse(415, 'Content-Type must be application/ocsp-request\n');
      handle = (body) =>
        void answer(async () => ({ type: 'application/ocsp-response', body: await revocation.ocsp(body) }));
    } else {
      if (type !== 'application/timestamp-query')
        return void refuse(415, 'Content-Type must be application/timestamp-query\n');
      handle = (body) => {
        try {
          const reply = responder.respond(body);
          res
            .writeHead(200, { 'content-type': 'application/timestamp-reply', 'content-length': reply.length })
            .end(reply);
        } catch (err) {
          log.error('time-stamp failed', { err });
          res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error\n');
        }
      };
    }
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
    const onEnd = () => handle(Buffer.concat(chunks));
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
  try {
    await ensureDevPki({
      dir: options.pkiDir,
      tenants: [],
      ...(options.publishRevocation === false ? {} : { revocationUrl: url }),
    });
    services = {
      responder: await TimestampResponder.load(paths.tsaCertPath, paths.tsaKeyPath),
      revocation: await RevocationServices.load(options.pkiDir),
    };
  } catch (err) {
    server.close();
    server.closeAllConnections();
    throw err;
  }
  log.info('time-stamping authority listening', {
    url,
    certificate: paths.tsaCertPath,
    ocsp: `${url}/ocsp`,
    crl: `${url}/crl/`,
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
