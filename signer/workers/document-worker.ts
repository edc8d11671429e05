/**
 * A document worker thread: runs prepareDocument for each task the pool sends and answers with
 * the result or the refusal. Nothing here survives between tasks but loaded code.
 */
import { parentPort } from 'node:worker_threads';
import { SignerError } from '../errors.js';
import { PdfReadError } from '../pdf/errors.js';
import { UnforeseenReadFailure, prepareDocument, type PrepareTask } from '../signing/prepare-document.js';
import { transferable, type WorkerFailure, type WorkerReply } from './document-workers.js';

const port = parentPort!;
// Loaded: from now on a task's time is the task's own.
port.postMessage({ ready: true });

port.on('message', ({ id, task }: { id: number; task: PrepareTask }) => {
  let reply: WorkerReply;
  try {
    reply = { id, result: prepareDocument(task), pdf: task.pdf };
  } catch (err) {
    reply = { id, failure: describe(err), pdf: task.pdf };
  }
  // The upload goes back to the main thread, which sends it on as the start of the signed file.
  port.postMessage(reply, transferable(task.pdf));
});

function describe(err: unknown): WorkerFailure {
  if (err instanceof UnforeseenReadFailure) return { code: err.code, message: err.message, detail: err.detail };
  if (err instanceof SignerError) return { code: err.code, message: err.message };
  // Met while placing or building rather than opening: still a damaged document.
  if (err instanceof PdfReadError) return { code: 'INVALID_PDF_FILE', message: `the PDF cannot be read: ${err.message}` };
  return { code: 'INTERNAL_ERROR', message: 'internal error; the document was not signed', detail: (err as Error)?.stack ?? String(err) };
}
