/** The processing limit of one request: its signal aborts with PROCESSING_TIMEOUT once `timeoutMs` passed. */
import { SignerError } from '../errors.js';

export interface Deadline {
  signal: AbortSignal;
  /** Call when the request is answered. */
  clear(): void;
}

/** `undone`: what the refusal says was not done (e.g. "the document was not signed"). */
export function processingDeadline(timeoutMs: number, undone: string): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(
        new SignerError('PROCESSING_TIMEOUT', `the request was not completed within ${timeoutMs / 1000} s; ${undone}`),
      ),
    timeoutMs,
  );
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
