/**
 * A document worker thread: runs prepareDocument for each task the pool sends and answers with
 * the result or the refusal.
 */
import { serveTasks } from '../../lib/workers/task-worker.js';
import { warmAppearanceFonts } from '../appearance/fonts.js';
import { SignerError } from '../errors.js';
import { PdfReadError } from '../../lib/pdf/errors.js';
import { UnforeseenReadFailure, prepareDocument, type PrepareTask } from '../signing/prepare-document.js';
import { transferable, type PreparedReply, type WorkerFailure } from './document-workers.js';

warmAppearanceFonts();
serveTasks<PrepareTask, PreparedReply>(
  // The upload goes back to the main thread, which sends it on as the start of the signed file.
  (task) => ({ result: { prepared: prepareDocument(task), pdf: task.pdf }, transfer: transferable(task.pdf) }),
  describe,
);

function describe(err: unknown): WorkerFailure {
  if (err instanceof UnforeseenReadFailure) return { code: err.code, message: err.message, detail: err.detail };
  if (err instanceof SignerError) return { code: err.code, message: err.message };
  // Met while placing or building rather than opening: still a damaged document.
  if (err instanceof PdfReadError)
    return { code: 'INVALID_PDF_FILE', message: `the PDF cannot be read: ${err.message}` };
  return {
    code: 'INTERNAL_ERROR',
    message: 'internal error; the document was not signed',
    detail: (err as Error)?.stack ?? String(err),
  };
}
