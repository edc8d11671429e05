/** How the service answers: JSON errors `{code, message}`, and early answers to unread uploads. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../../lib/log.js';
import { SignerError } from '../errors.js';
import { PdfReadError } from '../pdf/errors.js';

/** Bytes of an unwanted upload still read (and discarded) after answering, before hanging up. */
const DRAIN_LIMIT = 32 * 1024 * 1024;
const DRAIN_TIME_MS = 3000;

export function sendError(req: IncomingMessage, res: ServerResponse, err: unknown, log: Logger): void {
  const error =
    err instanceof SignerError
      ? err
      : err instanceof PdfReadError // a damaged object only met while placing or signing
        ? new SignerError('INVALID_PDF_FILE', `the PDF cannot be read: ${err.message}`)
        : new SignerError('INTERNAL_ERROR', 'internal error; the document was not signed');
  if (!(err instanceof SignerError) && !(err instanceof PdfReadError)) log.error('request failed', { method: req.method, path: req.url, err: (err as Error)?.stack ?? String(err) });
  else if (error.status >= 500) log.error('request failed', { code: error.code, message: error.message });
  else log.info('request refused', { path: req.url, code: error.code, message: error.message });
  if (res.headersSent) {
    res.destroy();
    return;
  }
  closeAfterResponse(req, res);
  const body = JSON.stringify(error.toJSON());
  res.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * When answering before the request body was read (bad key, oversized file, timeout), the
 * connection is closed afterwards; the rest of the body is read and dropped for a moment so the
 * client can still receive the answer instead of a connection reset, but never stored.
 */
export function closeAfterResponse(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete || res.headersSent) return;
  res.setHeader('connection', 'close');
  res.once('finish', () => {
    if (req.complete) return;
    let drained = 0;
    const timer = setTimeout(() => req.socket.destroy(), DRAIN_TIME_MS);
    timer.unref();
    req.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_LIMIT) req.socket.destroy();
    });
    req.once('end', () => clearTimeout(timer));
    req.resume();
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
