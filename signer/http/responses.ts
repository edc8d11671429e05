/** How the service answers: JSON errors `{code, message}`, never cached, and refusals of unread uploads. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { closeAfterAnswer, drainRequest } from '../../lib/http-drain.js';
import type { Logger } from '../../lib/log.js';
import { SignerError } from '../errors.js';
import { PdfReadError } from '../../lib/pdf/errors.js';
import { MAX_FORM_BYTES } from './sign-request.js';

/** How long the rest of a refused upload is read before answering anyway (and closing). */
const DRAIN_TIME_MS = 3000;

/**
 * Answers `err` as JSON. When the request's body has not been read (bad key, oversized file,
 * malformed form, timeout), the rest of it — up to what a valid form may hold, `bodyRead`
 * bytes of it already consumed — is read and dropped first, so the client receives the answer
 * instead of a reset connection; a body beyond that or slower than DRAIN_TIME_MS gets the
 * answer with Connection: close. Never rejects: callers may leave it running.
 */
export async function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  err: unknown,
  log: Logger,
  bodyRead = 0,
): Promise<void> {
  try {
    await answerError(req, res, err, log, bodyRead);
  } catch (failure) {
    log.error('the error answer could not be sent', {
      path: req.url,
      err: (failure as Error)?.stack ?? String(failure),
    });
    res.destroy();
  }
}

async function answerError(
  req: IncomingMessage,
  res: ServerResponse,
  err: unknown,
  log: Logger,
  bodyRead: number,
): Promise<void> {
  const error =
    err instanceof SignerError
      ? err
      : err instanceof PdfReadError // a damaged object only met while placing or signing
        ? new SignerError('INVALID_PDF_FILE', `the PDF cannot be read: ${err.message}`)
        : new SignerError('INTERNAL_ERROR', 'internal error; the document was not signed');
  if (!(err instanceof SignerError) && !(err instanceof PdfReadError))
    log.error('request failed', { method: req.method, path: req.url, err: (err as Error)?.stack ?? String(err) });
  else if (error.status >= 500) log.error('request failed', { code: error.code, message: error.message });
  else log.info('request refused', { path: req.url, code: error.code, message: error.message });
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const outcome = await drainRequest(req, { maxBytes: Math.max(0, MAX_FORM_BYTES - bodyRead), maxMs: DRAIN_TIME_MS });
  if (outcome === 'aborted' || res.headersSent || res.destroyed) return;
  if (outcome !== 'complete') closeAfterAnswer(req, res);
  sendJson(res, error.status, error.toJSON());
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(text);
}
