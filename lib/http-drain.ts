/**
 * Reading what is left of a request body before refusing the request. A server that answers
 * and closes while the client is still sending makes the kernel reset the connection, and
 * most clients (Node's fetch among them) then report EPIPE/ECONNRESET instead of the answer.
 * So the body is read and dropped first — never stored — within a size and a time limit:
 *
 *   const outcome = await drainRequest(req, { maxBytes: 10 * 1024 * 1024, maxMs: 3000 });
 *   if (outcome === 'aborted') return;                    // the client is gone
 *   if (outcome !== 'complete') res.setHeader('connection', 'close');
 *   res.status(401).json(...);
 *
 * Over either limit the answer goes out anyway, with Connection: close; a client still
 * sending a body that large may then see a reset, which is the price of not reading it.
 */
import type { IncomingMessage } from 'node:http';

export interface DrainLimits {
  /** Body bytes still read and dropped before giving up. */
  maxBytes: number;
  /** How long to keep reading before giving up. */
  maxMs: number;
}

/** complete: the whole body was read; too-large / too-slow: a limit was hit; aborted: the client went away. */
export type DrainOutcome = 'complete' | 'too-large' | 'too-slow' | 'aborted';

/** Reads and drops the rest of `req`'s body (unpipe it from any consumer first). */
export function drainRequest(req: IncomingMessage, limits: DrainLimits): Promise<DrainOutcome> {
  if (req.readableEnded) return Promise.resolve('complete');
  if (req.destroyed) return Promise.resolve('aborted');
  return new Promise((resolve) => {
    let read = 0;
    const done = (outcome: DrainOutcome) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onError);
      // Whatever still arrives is left unread: the connection is closed after the answer.
      if (outcome !== 'complete' && outcome !== 'aborted') req.pause();
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limits.maxBytes) done('too-large');
    };
    const onEnd = () => done('complete');
    const onClose = () => done(req.readableEnded ? 'complete' : 'aborted');
    const onError = () => done('aborted');
    const timer = setTimeout(() => done('too-slow'), limits.maxMs);
    timer.unref();
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    req.on('error', onError);
    req.resume();
  });
}
