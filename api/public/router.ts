/**
 * Public verification, no login: the pages (`/verificar`, `/verificar/{code}`, upload form) and
 * their JSON twins under `/api/v1/public/verify`, and the registered document itself for whoever
 * has its code (`/verificar/{code}/documento.pdf`, `/verificar/{code}/paginas/{n}.png`). Mounted
 * before the interface routers, which would otherwise ask for credentials. Every route is
 * rate-limited per client address; page images in a bucket of their own (see below).
 */
import express, { type Request, type Response, type Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { isAppError } from '../../domain/errors.js';
import {
  MAX_VERIFY_BYTES,
  VerificationInputError,
  type VerificationErrorCode,
} from '../../domain/verification/errors.js';
import { normalizeVerificationCode, formatVerificationCode } from '../../lib/verification-code.js';
import { PublicVerifier, type VerificationResult } from '../../domain/verification/public-verifier.js';
import { RegisteredPages, showsPages, type PagesLayout } from '../../domain/verification/page-images.js';
import type { PublicDocumentRecord } from '../../domain/verification/registry.js';
import type { ApiDeps } from '../deps.js';
import { closeAfterAnswer, drainRequest } from '../../lib/http-drain.js';
import { parseMultipart } from '../multipart.js';
import { municipalityLogo, municipalityLogoImage } from '../../domain/municipality/logo.js';
import { PAGE_CSP, formPage, notFoundPage, resultPage, type PageLogo } from './pages.js';
import { logoPath, registeredDocumentJson, verificationJson } from './present.js';

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
    const form = await parseMultipart(req, {
      fileField: 'pdf_file',
      maxFileBytes: MAX_VERIFY_BYTES,
      tooLargeMessage: TOO_LARGE,
    });
    if (!form.file || form.file.bytes.length === 0)
      return { status: 400, code: 'INVALID_PDF_FILE', message: 'pdf_file is required' };
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

const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && 'code' in value && 'status' in value;

function sendPage(res: Response, status: number, html: string): void {
  res.status(status).set({ 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-store' }).type('html').send(html);
}

/** `/verificar/{code}/paginas/{n}.png` and `/verificar/{code}/logo`, as the rate limiter sees the URL. */
const PAGE_IMAGE_URL = /^\/verificar\/[^/]+\/(paginas\/[^/]+|logo)$/;
/** Page numbers as written in image URLs: 1 to 9999, no sign, no leading zero. */
const PAGE_NUMBER = /^[1-9][0-9]{0,3}$/;
/**
 * Viewing a result costs one request plus one per page image; images are counted in their own
 * bucket, this many times the public limit, so a long document can be read within a minute while
 * every other request keeps the limit as configured. An image is drawn at most once per file.
 */
const PAGE_IMAGE_RATE_FACTOR = 10;
/** Images of one official file never change (a new revision has a new SHA-256, hence a new ETag). */
const IMAGE_CACHE = 'private, max-age=3600';
/** The download is checked again each time (it stops at once if the document is deleted); unchanged, it answers 304. */
const PDF_CACHE = 'private, no-cache';
/** The logo at its versioned address never changes (a new image has a new address); at any other, it is checked again. */
const LOGO_CACHE = 'public, max-age=31536000, immutable';
const LOGO_CACHE_UNVERSIONED = 'public, no-cache';
/** Characters of the logo's SHA-256 in its address. */
const LOGO_VERSION_LENGTH = 16;

/** `IF-2025-00000012-DEMO` → a file name made of safe characters only. */
function downloadName(record: PublicDocumentRecord): string {
  return `${
    record.documentNumber
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(0, 120) || 'documento'
  }.pdf`;
}

export function publicVerificationRoutes(deps: ApiDeps): Router {
  const verifier = new PublicVerifier(deps.db, deps.services.storage, deps.config.verification);
  const registered = new RegisteredPages(deps.db, deps.services.storage);
  const timeZone = deps.config.timeZone;
  const publicUrl = deps.config.api.publicUrl;
  const router = express.Router();

  /** The issuing municipality's logo, when it has one; a failure to read it never fails the page. */
  const logoOf = async (record: PublicDocumentRecord | null): Promise<PageLogo | undefined> => {
    if (!record) return undefined;
    try {
      const logo = await municipalityLogo(deps.db, record.tenantId);
      return (
        logo && {
          url: logoPath(record.code, logo.sha256.slice(0, LOGO_VERSION_LENGTH)),
          width: logo.width,
          height: logo.height,
        }
      );
    } catch (err) {
      deps.log.warn('municipality logo: lookup failed', { err: (err as Error)?.stack ?? String(err) });
      return undefined;
    }
  };

  /** The pages of a registered document; a failure to draw them never fails the verification. */
  const layoutOf = async (record: PublicDocumentRecord | null): Promise<PagesLayout | null | undefined> => {
    if (!record || !showsPages(record)) return undefined;
    try {
      return await registered.layout(record);
    } catch (err) {
      deps.log.warn('registered pages: layout failed', { err: (err as Error)?.stack ?? String(err) });
      return null;
    }
  };

  router.use(
    ['/verificar', '/api/v1/public'],
    rateLimit({
      windowMs: 60_000,
      limit: deps.config.verification.rateLimitPerMinute,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      skip: (req) => PAGE_IMAGE_URL.test(req.originalUrl.split('?')[0]!),
      handler: async (req, res) => {
        const message = 'Demasiadas solicitudes: intente de nuevo en un minuto';
        // An upload refused here is read and dropped first, so the client gets the 429 instead of a reset.
        const drained = await drainRequest(req, { maxBytes: MAX_VERIFY_BYTES + 256 * 1024, maxMs: 3000 });
        if (drained === 'aborted') return;
        if (drained !== 'complete') closeAfterAnswer(req, res);
        if (req.originalUrl.startsWith('/api/'))
          res.status(429).set('Cache-Control', 'no-store').json({ code: 'RATE_LIMITED', message });
        else sendPage(res, 429, formPage({ error: message }));
      },
    }),
  );
  router.use(
    ['/verificar/:code/paginas', '/verificar/:code/logo'],
    rateLimit({
      windowMs: 60_000,
      limit: deps.config.verification.rateLimitPerMinute * PAGE_IMAGE_RATE_FACTOR,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      handler: (_req, res) =>
        sendPage(res, 429, formPage({ error: 'Demasiadas solicitudes: intente de nuevo en un minuto' })),
    }),
  );
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
    sendPage(
      res,
      200,
      resultPage(result, {
        timeZone,
        uploaded: false,
        pages: await layoutOf(result.document),
        logo: await logoOf(result.document),
      }),
    );
  });

  // The logo of the municipality that issued the document with this code (only that one's).
  router.get('/verificar/:code/logo', async (req, res) => {
    const record = await registered.find(String(req.params.code));
    const logo = record && (await municipalityLogoImage(deps.db, record.tenantId));
    if (!logo) return sendPage(res, 404, notFoundPage());
    const versioned = req.query.v === logo.sha256.slice(0, LOGO_VERSION_LENGTH);
    res.set({
      'Cache-Control': versioned ? LOGO_CACHE : LOGO_CACHE_UNVERSIONED,
      ETag: `"${logo.sha256}"`,
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.fresh) return void res.status(304).end();
    res.type(logo.contentType).send(logo.bytes);
  });

  // The registered official file (newest revision), as stored: its SHA-256 is the register's.
  router.get('/verificar/:code/documento.pdf', async (req, res) => {
    const record = await registered.find(String(req.params.code));
    if (!record) return sendPage(res, 404, notFoundPage());
    res.set({ 'Cache-Control': PDF_CACHE, ETag: `"${record.officialSha256}"` });
    if (req.fresh) return void res.status(304).end();
    const pdf = await registered.pdf(record);
    if (!pdf) {
      res.removeHeader('ETag');
      return sendPage(res, 404, notFoundPage());
    }
    res.attachment(downloadName(record)).type('application/pdf').send(pdf);
  });

  // One page of the registered file as PNG, drawn once and then read from the object store.
  router.get('/verificar/:code/paginas/:page.png', async (req, res) => {
    const page = String(req.params.page);
    const record = PAGE_NUMBER.test(page) ? await registered.find(String(req.params.code)) : undefined;
    if (!record) return sendPage(res, 404, notFoundPage());
    res.set({ 'Cache-Control': IMAGE_CACHE, ETag: `"${record.officialSha256}-${page}"` });
    if (req.fresh) return void res.status(304).end();
    const png = await registered.image(record, Number(page));
    if (!png) {
      // A page past those shown, or a file that cannot be drawn: the download is the way.
      res.removeHeader('ETag');
      return sendPage(res, 404, notFoundPage());
    }
    res.type('image/png').send(png);
  });

  router.post('/verificar', async (req, res) => {
    const result = await verifyUpload(verifier, req);
    if (isRefusal(result))
      return sendPage(
        res,
        result.status,
        formPage({
          error: `No se pudo verificar el archivo: ${result.code === 'FILE_TOO_LARGE' ? 'supera 10 MB' : 'no es un PDF legible'}.`,
        }),
      );
    sendPage(
      res,
      200,
      resultPage(result, {
        timeZone,
        uploaded: true,
        pages: await layoutOf(result.document),
        logo: await logoOf(result.document),
      }),
    );
  });

  router.get('/api/v1/public/verify/:code', async (req, res) => {
    const result = await verifier.byCode(String(req.params.code));
    if (!result) return void res.status(404).json({ code: 'NOT_FOUND', message: NOT_FOUND });
    res.json({
      ...verificationJson(result),
      registered_document: registeredDocumentJson(
        result.document && showsPages(result.document) ? result.document : null,
        (await layoutOf(result.document)) ?? null,
        publicUrl,
      ),
    });
  });

  router.post('/api/v1/public/verify', async (req, res) => {
    const result = await verifyUpload(verifier, req);
    if (isRefusal(result)) return void res.status(result.status).json({ code: result.code, message: result.message });
    res.json({
      ...verificationJson(result),
      registered_document: registeredDocumentJson(
        result.document && showsPages(result.document) ? result.document : null,
        (await layoutOf(result.document)) ?? null,
        publicUrl,
      ),
    });
  });

  return router;
}
