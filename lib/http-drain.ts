/**
 * Reading what is left of a request body before refusing the request. A server that answers
 * and closes while the client is still sending makes the kernel reset the connection, and
 * most clients (Node's fetch among them) then report EPIPE/ECONNRESET instead of the answer.
 * So the body is read and dropped first — never stored — within a size and a time limit:
 *
 *   const outcome = await drainRequest(req, { maxBytes: 10 * 1024 * 1024, maxMs: 3000 });
 *   if (outcome === 'aborted') return;                    // the client is gone
 *   if (outcome !== 'complete') closeAfterAnswer(req, res);
 *   res.status(401).json(...);
 *
 * Over either limit the answer goes out anyway, with Connection: close, and the connection is
 * closed the lingering way (see closeAfterAnswer) so the client still reads the answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

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

/** How long a connection closed after an answer keeps reading (and dropping) what the client still sends. */
const LINGER_MS = 2000;
/** ...and how much of it, at most. */
const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * Reads and drops what still arrives on `socket` for up to LINGER_MS and `maxBytes`, then
 * destroys it (or sooner, when the client closes). The caller ends the write side.
 */
export function lingerBeforeClose(socket: Socket, maxBytes = LINGER_BYTES): void {
  let read = 0;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > maxBytes) socket.destroy();
  });
}

/**
 * Marks the answer about to be sent on `res` Connection: close and closes the connection the way
 * web servers call a lingering close: once the answer is written, the write side is shut (the
 * client sees the answer and its end), what still arrives is read and dropped for up to
 * LINGER_MS / LINGER_BYTES, and only then is the socket closed. Closing at once with unread
 * bytes makes the kernel reset the connection, and a client still writing its body then meets
 * EPIPE before it has read the answer that was already waiting for it.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('connection', 'close');
  const socket = req.socket;
  // Node's server ends a Connection: close exchange with socket.destroySoon(); only this
  // connection's socket gets the lingering variant, and it is the last exchange on it.
  socket.destroySoon = function lingeringClose(this: Socket): void {
    if (this.destroyed) return;
    lingerBeforeClose(this);
    // The request stream is done with: what the HTTP parser still hands it is dropped, not buffered.
    req.removeAllListeners('data');
    req.resume();
    this.resume();
    this.end();
  };
}
