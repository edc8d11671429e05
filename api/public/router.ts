/**
 * Public verification, no login: the pages (`/verificar`, `/verificar/{code}`, upload form) and
 * their JSON twins under `/api/v1/public/verify`. Mounted before the interface routers, which
 * would otherwise ask for credentials. Every route is rate-limited per client address.
 */
import express, { type Request, type Response, type Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { isAppError } from '../../domain/errors.js';
import { MAX_VERIFY_BYTES, VerificationInputError, type VerificationErrorCode } from '../../domain/verification/errors.js';
import { normalizeVerificationCode, formatVerificationCode } from '../../lib/verification-code.js';
import { PublicVerifier, type VerificationResult } from '../../domain/verification/public-verifier.js';
import type { ApiDeps } from '../deps.js';
import { closeAfterAnswer, drainRequest } from '../../lib/http-drain.js';
import { parseMultipart } from '../multipart.js';
import { PAGE_CSP, formPage, notFoundPage, resultPage } from './pages.js';
import { verificationJson } from './present.js';

const TOO_LARGE = 'pdf_file over 10 MB';
const NOT_FOUND = 'not found';

interface Refusal {
  status: number;
  code: VerificationErrorCode;
  message: string;
}

/** Upload errors in the signing service's codes (FILE_TOO_LARGE, INVALID_PDF_FILE, ...). */
async function readUpload(req: Request): Promise<Buffer | Refusal> {
  try {
    const form = await parseMultipart(req, { fileField: 'pdf_file', maxFileBytes: MAX_VERIFY_BYTES, tooLargeMessage: TOO_LARGE });
    if (!form.file || form.file.bytes.length === 0) return { status: 400, code: 'INVALID_PDF_FILE', message: 'pdf_file is required' };
    return form.file.bytes;
  } catch (err) {
    if (!isAppError(err)) throw err;
    if (err.message === TOO_LARGE) return { status: 400, code: 'FILE_TOO_LARGE', message: TOO_LARGE };
    return { status: 400, code: 'INVALID_PARAMETERS', message: err.message };
  }
}

async function verifyUpload(verifier: PublicVerifier, req: Request): Promise<VerificationResult | Refusal> {
  const upload = await readUpload(req);
  if (!Buffer.isBuffer(upload)) return upload;
  try {
    return await verifier.byUpload(upload);
  } catch (err) {
    if (err instanceof VerificationInputError) return { status: 400, code: err.code, message: err.message };
    throw err;
  }
}

const isRefusal = (value: unknown): value is Refusal => typeof value === 'object' && value !== null && 'code' in value && 'status' in value;

function sendPage(res: Response, status: number, html: string): void {
  res.status(status).set({ 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-store' }).type('html').send(html);
}

export function publicVerificationRoutes(deps: ApiDeps): Router {
  const verifier = new PublicVerifier(deps.db, deps.services.storage, deps.config.verification);
  const timeZone = deps.config.timeZone;
  const router = express.Router();

  router.use(['/verificar', '/api/v1/public'], rateLimit({
    windowMs: 60_000,
    limit: deps.config.verification.rateLimitPerMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    handler: async (req, res) => {
      const message = 'Demasiadas solicitudes: intente de nuevo en un minuto';
      // An upload refused here is read and dropped first, so the client gets the 429 instead of a reset.
      const drained = await drainRequest(req, { maxBytes: MAX_VERIFY_BYTES + 256 * 1024, maxMs: 3000 });
      if (drained === 'aborted') return;
      if (drained !== 'complete') closeAfterAnswer(req, res);
      if (req.originalUrl.startsWith('/api/')) res.status(429).set('Cache-Control', 'no-store').json({ code: 'RATE_LIMITED', message });
      else sendPage(res, 429, formPage({ error: message }));
    },
  }));
  router.use('/api/v1/public', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/verificar', (req, res) => {
    const typed = typeof req.query.codigo === 'string' ? req.query.codigo : undefined;
    if (typed === undefined) return sendPage(res, 200, formPage());
    const code = normalizeVerificationCode(typed);
    if (!code) return sendPage(res, 404, notFoundPage());
    res.redirect(303, `/verificar/${formatVerificationCode(code)}`);
  });

  router.get('/verificar/:code', async (req, res) => {
    const result = await verifier.byCode(String(req.params.code));
    if (!result) return sendPage(res, 404, notFoundPage());
    sendPage(res, 200, resultPage(result, { timeZone, uploaded: false }));
  });

  router.post('/verificar', async (req, res) => {
    const result = await verifyUpload(verifier, req);
    if (isRefusal(result)) return sendPage(res, result.status, formPage({ error: `No se pudo verificar el archivo: ${result.code === 'FILE_TOO_LARGE' ? 'supera 10 MB' : 'no es un PDF legible'}.` }));
    sendPage(res, 200, resultPage(result, { timeZone, uploaded: true }));
  });

  router.get('/api/v1/public/verify/:code', async (req, res) => {
    const result = await verifier.byCode(String(req.params.code));
    if (!result) return void res.status(404).json({ code: 'NOT_FOUND', message: NOT_FOUND });
    res.json(verificationJson(result));
  });

  router.post('/api/v1/public/verify', async (req, res) => {
    const result = await verifyUpload(verifier, req);
    if (isRefusal(result)) return void res.status(result.status).json({ code: result.code, message: result.message });
    res.json(verificationJson(result));
  });

  return router;
}
