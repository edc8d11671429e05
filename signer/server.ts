/**
 * The signing service's HTTP interface: POST /sign-pdf (and its two-step form for a key held
 * elsewhere, POST /sign-pdf/prepare and /sign-pdf/complete), POST /timestamp-pdf and
 * /timestamp-digest, GET /health, GET /certificate/{tenant_id} and GET /certificates. Requests are handled in the spec's decision order; every failure is a
 * JSON `{code, message}` and never a partial document.
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { createLogger, type Logger } from '../lib/log.js';
import { constantTimeEqual } from '../lib/secrets.js';
import { counter, createServiceMetrics, httpMetrics, metricsHandler } from '../lib/metrics.js';
import { CertificateStore, checkValidity } from './certificates/store.js';
import type { SignerConfig } from './config.js';
import { SignerError } from './errors.js';
import { readMultipart, type MultipartForm, type UploadMeter } from './http/multipart.js';
import { appendArchiveTimestamp } from './ltv/long-term.js';
import { readTimestampToken } from './ltv/certificates.js';
import { TimestampError, requestTimestampForDigest } from './pades/tsa-client.js';
import { sendError, sendJson } from './http/responses.js';
import { MAX_FORM_BYTES, MAX_PDF_BYTES, validateSignRequest, type SignRequest } from './http/sign-request.js';
import { Semaphore } from './http/semaphore.js';
import { processingDeadline } from './http/deadline.js';
import { signPdf, type SigningMode } from './signing/sign-pdf.js';
import { addHashSigningRoutes } from './http/hash-signing-routes.js';
import { answerClientErrors } from './http/client-errors.js';
import { checkTenantId } from './tenant.js';
import { DocumentWorkers } from './workers/document-workers.js';
import { RevocationSource } from './ltv/revocation.js';

export const SERVICE_VERSION = '2.1.0';
export const SIGNATURE_SYSTEM_VERSION = '2.0';
/** Signing requests handled at once; more wait (their uploads are not read meanwhile). */
const MAX_CONCURRENT_SIGNINGS = 16;

export interface RunningSigner {
  url: string;
  close(): Promise<void>;
}

const pkijsVersion = (() => {
  try {
    return (createRequire(import.meta.url)('pkijs/package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
})();

export async function startSignerServer(
  config: SignerConfig,
  log: Logger = createLogger(config.logLevel),
): Promise<RunningSigner> {
  const store = new CertificateStore({
    certsDir: config.certsDir,
    passwordsFile: config.passwordsFile,
    envPasswords: config.certPasswords,
  });
  const documents = new DocumentWorkers({ size: config.pdfWorkers, taskTimeoutMs: config.pdfTimeoutMs, log });
  const app = createSignerApp(config, store, documents, log);
  let server: Server;
  try {
    server = await new Promise((resolve, reject) => {
      const s = app.listen(config.port, config.host, (err?: Error) => (err ? reject(err) : resolve(s)));
      s.once('error', reject);
    });
  } catch (err) {
    await documents.close();
    throw err;
  }
  // Slightly above the processing timeout, so the service answers before Node cuts the socket.
  server.requestTimeout = config.processingTimeoutMs + 5_000;
  server.keepAliveTimeout = 30_000;
  answerClientErrors(server);
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  log.info('signer listening', {
    url,
    environment: config.environment,
    certs: config.certsDir,
    tsa: config.tsaUrl,
    fallback_to_visual: config.fallbackToVisual,
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => void documents.close().then(resolve));
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 10_000).unref();
      }),
  };
}

export function createSignerApp(
  config: SignerConfig,
  store: CertificateStore,
  documents: DocumentWorkers,
  log: Logger,
): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const slots = new Semaphore(MAX_CONCURRENT_SIGNINGS);
  const revocation = new RevocationSource({
    timeoutMs: config.revocationTimeoutMs,
    cacheMs: config.revocationCacheMs,
    ocspUrl: config.ocspUrl,
  });
  const metrics = createServiceMetrics('signer');
  const signatures = counter(
    metrics,
    'signer_signatures_total',
    'POST /sign-pdf answers by signing mode (pades, visual, none) and outcome (signed or the error code)',
    ['mode', 'outcome'] as const,
  );
  app.use(httpMetrics(metrics));
  app.get(
    '/metrics',
    metricsHandler(metrics, { token: config.metricsToken, production: config.environment === 'prd' }),
  );

  // nosniff, frame-ancestors 'none', no-referrer and the rest of helmet's defaults; the service
  // answers JSON and PDFs, never pages, so its CSP allows nothing.
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
      },
      referrerPolicy: { policy: 'no-referrer' },
      frameguard: { action: 'deny' },
    }),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    // Signed documents and certificate details are nobody's to cache.
    res.setHeader('cache-control', 'no-store');
    // A client that disconnects mid-answer is no error of the service's.
    res.on('error', (err) => log.debug('response not delivered', { path: req.path, err }));
    next();
  });

  const requireApiKey = (req: Request, res: Response, next: NextFunction) => {
    const key = req.get('x-api-key');
    if (key !== undefined && constantTimeEqual(key, config.apiKey)) return next();
    void sendError(
      req,
      res,
      new SignerError('INVALID_API_KEY', key === undefined ? 'X-API-Key header missing' : 'invalid API key'),
      log,
    );
  };

  app.get('/health', async (req, res) => {
    try {
      const certificates = await store.list();
      sendJson(res, 200, {
        status: 'healthy',
        service: 'expediente-signer',
        version: SERVICE_VERSION,
        signature_system: { type: 'pades_with_visual_fallback', version: SIGNATURE_SYSTEM_VERSION },
        // The level a request without pades_level gets (B-LT and B-LTA are asked per request or tenant).
        pades_system: { type: `PAdES-${config.padesLevel}`, library: `pkijs ${pkijsVersion}` },
        available_certificates: certificates,
        fallback_to_visual: config.fallbackToVisual,
      });
    } catch (err) {
      void sendError(req, res, err, log);
    }
  });

  app.get('/certificates', requireApiKey, async (req, res) => {
    try {
      const certificates = await store.list();
      sendJson(res, 200, { count: certificates.length, certificates });
    } catch (err) {
      void sendError(req, res, err, log);
    }
  });

  app.get('/certificate/:tenant_id', requireApiKey, async (req, res) => {
    try {
      const tenant = checkTenantId(String(req.params.tenant_id));
      sendJson(res, 200, await store.info(tenant));
    } catch (err) {
      void sendError(req, res, err, log);
    }
  });

  app.post('/sign-pdf', requireApiKey, async (req, res) => {
    const started = performance.now();
    const deadline = processingDeadline(config.processingTimeoutMs, 'the document was not signed');
    const signal = deadline.signal;
    const upload: UploadMeter = { bytes: 0 };
    let release: (() => void) | undefined;
    let modeKind = 'none';
    try {
      release = await slots.acquire(signal);
      const form = await readMultipart(req, {
        fileField: 'pdf_file',
        maxFileBytes: MAX_PDF_BYTES,
        maxBodyBytes: MAX_FORM_BYTES,
        signal,
        meter: upload,
      });
      const checked = validateSignRequest(form, config.environment);
      const input = checked.request;
      let refusal = checked.refusal;
      let mode: SigningMode | undefined;
      if (input) {
        try {
          mode = await resolveMode(input, config, store, revocation);
          modeKind = mode.kind;
        } catch (err) {
          if (!(err instanceof SignerError)) throw err;
          refusal = err;
        }
      }
      if (!input || !mode) {
        // The spec's order: a problem with the PDF itself comes before the one already found.
        await documents.prepare({ pdf: input ? input.pdf : checked.pdf }, signal);
        throw refusal;
      }
      const signed = await signPdf({
        documents,
        pdf: input.pdf,
        signer: input.signer,
        stamp: input.stamp,
        mode,
        now: new Date(),
        timeZone: config.timeZone,
        endTextMarker: config.endTextMarker,
        signal,
      });
      if (signal.aborted) throw signal.reason;
      const type = mode.kind;
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': contentDisposition(input.stamp ? `${input.stamp.documentNumber}.pdf` : input.filename),
        'x-signature-type': type,
        'content-length': signed.length,
      });
      for (const chunk of signed.chunks) res.write(chunk);
      res.end();
      signatures.inc({ mode: type, outcome: 'signed' });
      log.info('signed', {
        tenant: input.tenantId,
        type,
        level: mode.kind === 'pades' ? mode.level : undefined,
        signatures: signed.existing + 1,
        stamp: input.stamp ? input.stamp.position : undefined,
        bytes: signed.length,
        ms: Math.round(performance.now() - started),
      });
    } catch (err) {
      // The slot is for signing; draining a refused upload does not need it.
      release?.();
      const failure = signal.aborted ? signal.reason : err;
      signatures.inc({ mode: modeKind, outcome: failure instanceof SignerError ? failure.code : 'INTERNAL_ERROR' });
      await sendError(req, res, signal.aborted ? signal.reason : err, log, upload.bytes);
    } finally {
      deadline.clear();
      release?.();
    }
  });

  addHashSigningRoutes(app, {
    config,
    documents,
    revocation,
    slots,
    log,
    requireApiKey,
    contentDisposition,
    outcomes: counter(
      metrics,
      'signer_hash_signatures_total',
      'POST /sign-pdf/prepare and /sign-pdf/complete answers by step and outcome (done or the error code)',
      ['step', 'outcome'] as const,
    ),
  });

  // A document time-stamp (and its validation data) over an already signed PDF: B-LTA for a
  // B-LT document, or the next archive time-stamp of a B-LTA one (renewal).
  app.post('/timestamp-pdf', requireApiKey, async (req, res) => {
    const started = performance.now();
    const deadline = processingDeadline(config.processingTimeoutMs, 'nothing was time-stamped');
    const signal = deadline.signal;
    const upload: UploadMeter = { bytes: 0 };
    let release: (() => void) | undefined;
    try {
      release = await slots.acquire(signal);
      const form = await readMultipart(req, {
        fileField: 'pdf_file',
        maxFileBytes: MAX_PDF_BYTES,
        maxBodyBytes: MAX_FORM_BYTES,
        signal,
        meter: upload,
      });
      const pdf = checkUploadedPdf(form);
      const out = await appendArchiveTimestamp({
        documents,
        pdf: pdf.data,
        tsa: { url: config.tsaUrl, timeoutMs: config.tsaTimeoutMs },
        source: revocation,
        signal,
        refresh: true,
      });
      if (signal.aborted) throw signal.reason;
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': contentDisposition(pdf.filename),
        'x-signature-type': 'document-timestamp',
        'content-length': out.length,
      });
      res.end(out);
      log.info('time-stamped', {
        bytes: out.length,
        added: out.length - upload.bytes,
        ms: Math.round(performance.now() - started),
      });
    } catch (err) {
      release?.();
      await sendError(req, res, signal.aborted ? signal.reason : err, log, upload.bytes);
    } finally {
      deadline.clear();
      release?.();
    }
  });

  // An RFC 3161 time-stamp over a SHA-256 digest the caller computed (the platform's audit chain
  // head): the token from TSA_URL, checked like every token this service embeds.
  app.post('/timestamp-digest', requireApiKey, express.json({ limit: '1kb' }), async (req, res) => {
    try {
      const digest = (req.body as { sha256?: unknown } | undefined)?.sha256;
      if (typeof digest !== 'string' || !/^[0-9a-f]{64}$/i.test(digest))
        throw new SignerError('INVALID_PARAMETERS', 'sha256 must be 64 hexadecimal characters');
      let token: Buffer;
      try {
        token = await requestTimestampForDigest(Buffer.from(digest, 'hex'), {
          url: config.tsaUrl,
          timeoutMs: config.tsaTimeoutMs,
        });
      } catch (err) {
        if (err instanceof TimestampError) throw new SignerError('PADES_ERROR', `timestamp failed: ${err.message}`);
        throw err;
      }
      sendJson(res, 200, {
        token: token.toString('base64'),
        gen_time: readTimestampToken(token).genTime.toISOString(),
      });
    } catch (err) {
      await sendError(req, res, err, log);
    }
  });

  app.use((req: Request, res: Response) => {
    void sendError(req, res, new SignerError('NOT_FOUND', `no route ${req.method} ${req.path}`), log);
  });
  // Errors raised by Express itself (e.g. a path it cannot decode) are still JSON.
  app.use((err: Error & { status?: number }, req: Request, res: Response, _next: NextFunction) => {
    const status = err.status ?? 500;
    if (status >= 500) return void sendError(req, res, err, log);
    const code = req.path.startsWith('/certificate/')
      ? 'INVALID_TENANT_ID'
      : status === 404
        ? 'NOT_FOUND'
        : 'INVALID_PARAMETERS';
    void sendError(req, res, new SignerError(code, err.message || 'bad request'), log);
  });
  return app;
}

/** The one file of a /timestamp-pdf form: present, within the limit, a PDF by its header. */
function checkUploadedPdf(form: MultipartForm): { data: Buffer; filename: string | undefined } {
  if (form.fileTooLarge)
    throw new SignerError(
      'FILE_TOO_LARGE',
      `pdf_file exceeds ${MAX_PDF_BYTES / (1024 * 1024)} MB (${MAX_PDF_BYTES} bytes)`,
    );
  if (form.unexpectedFile !== undefined)
    throw new SignerError(
      'INVALID_PARAMETERS',
      `unexpected file part "${form.unexpectedFile}"; send one file, as pdf_file`,
    );
  const file = form.file;
  if (!file) throw new SignerError('INVALID_PDF_FILE', 'pdf_file is required (a file part named pdf_file)');
  if (file.data.length === 0) throw new SignerError('INVALID_PDF_FILE', 'pdf_file is empty');
  if (file.data.subarray(0, 4).toString('latin1') !== '%PDF')
    throw new SignerError('INVALID_PDF_FORMAT', 'pdf_file does not begin with %PDF; it is not a PDF');
  return { data: file.data, filename: file.filename };
}

/** Rule 2 of the spec: PAdES when a certificate exists, else visual or CERTIFICATE_NOT_FOUND. */
async function resolveMode(
  input: SignRequest,
  config: SignerConfig,
  store: CertificateStore,
  revocation: RevocationSource,
): Promise<SigningMode> {
  if (!input.tenantId || !input.usePades) return { kind: 'visual' };
  if (!(await store.exists(input.tenantId))) {
    if (config.fallbackToVisual) return { kind: 'visual' };
    throw new SignerError(
      'CERTIFICATE_NOT_FOUND',
      `no certificate for tenant "${input.tenantId}" and FALLBACK_TO_VISUAL is off`,
    );
  }
  const credentials = await store.credentials(input.tenantId);
  const validity = checkValidity(credentials, new Date());
  if (!validity.valid)
    throw new SignerError(
      'CERTIFICATE_LOAD_ERROR',
      `the certificate for tenant "${input.tenantId}" cannot sign: ${validity.message}`,
    );
  const level = input.padesLevel ?? config.tenantPadesLevels.get(input.tenantId) ?? config.padesLevel;
  return { kind: 'pades', credentials, tsa: { url: config.tsaUrl, timeoutMs: config.tsaTimeoutMs }, level, revocation };
}

/** `attachment; filename="…"`, with an RFC 5987 `filename*` when the name is not plain ASCII. */
export function contentDisposition(filename: string | undefined): string {
  const base =
    (filename ?? '')
      .split(/[\\/]/)
      .pop()!
      .replace(/[\u0000-\u001f\u007f"]/g, '')
      .trim() || 'document.pdf';
  const ascii = base
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  if (ascii === base) return `attachment; filename="${base}"`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(base)}`;
}
