/**
 * POST /sign-pdf/prepare and POST /sign-pdf/complete: a PAdES signature whose value is computed
 * by a remote signing service holding the signer's key (signing/hash-signing.ts). Same limits,
 * slots, time limit, early refusals and `{code, message}` errors as POST /sign-pdf.
 */
import type { Express, NextFunction, Request, Response } from 'express';
import type { Logger } from '../../lib/log.js';
import type { Counter } from 'prom-client';
import { checkSignerChain, type SignerChain } from '../certificates/signer-chain.js';
import type { SignerConfig } from '../config.js';
import { SignerError } from '../errors.js';
import type { PadesLevel } from '../ltv/levels.js';
import type { RevocationSource } from '../ltv/revocation.js';
import { OID } from '../pades/oids.js';
import { completeHashSignature, prepareHashSignature } from '../signing/hash-signing.js';
import { isoWithOffset } from '../time.js';
import type { DocumentWorkers } from '../workers/document-workers.js';
import { PREPARED_PDF_FIELD, validateCompleteRequest } from './complete-request.js';
import { processingDeadline } from './deadline.js';
import { readMultipart, type UploadMeter } from './multipart.js';
import { sendError } from './responses.js';
import type { Semaphore } from './semaphore.js';
import { MAX_FORM_BYTES, MAX_HASH_FIELD_BYTES, MAX_PDF_BYTES, validateSignRequest } from './sign-request.js';

export interface HashSigningDeps {
  config: SignerConfig;
  documents: DocumentWorkers;
  revocation: RevocationSource;
  slots: Semaphore;
  log: Logger;
  requireApiKey: (req: Request, res: Response, next: NextFunction) => void;
  contentDisposition: (filename: string | undefined) => string;
  /** Answers by step (prepare, complete) and outcome (done or the error code). */
  outcomes: Counter<'step' | 'outcome'>;
}

export function addHashSigningRoutes(app: Express, deps: HashSigningDeps): void {
  const { config, documents, revocation, log } = deps;
  const tsa = { url: config.tsaUrl, timeoutMs: config.tsaTimeoutMs };
  const levelOf = (requested: PadesLevel | undefined, tenantId: string | undefined): PadesLevel =>
    requested ?? (tenantId ? config.tenantPadesLevels.get(tenantId) : undefined) ?? config.padesLevel;
  const multipart = (req: Request, fileField: string, signal: AbortSignal, meter: UploadMeter) =>
    readMultipart(req, {
      fileField,
      maxFileBytes: MAX_PDF_BYTES,
      maxBodyBytes: MAX_FORM_BYTES,
      maxFieldBytes: MAX_HASH_FIELD_BYTES,
      signal,
      meter,
    });

  app.post('/sign-pdf/prepare', deps.requireApiKey, (req, res) =>
    withSlot(deps, req, res, 'prepare', async (signal, upload) => {
      const form = await multipart(req, 'pdf_file', signal, upload);
      const checked = validateSignRequest(form, config.environment, { hashSigning: true });
      const input = checked.request;
      let refusal = checked.refusal;
      // Signed at this second: /M and X-Signing-Time say the same.
      const now = new Date(Math.floor(Date.now() / 1000) * 1000);
      let chain: SignerChain | undefined;
      if (input) chain = checkedChain(input.signerCertificates!, now, (err) => (refusal = err));
      if (!input || !chain) {
        // /sign-pdf's order: a problem with the PDF itself comes before the one already found.
        await documents.prepare({ pdf: input ? input.pdf : checked.pdf }, signal);
        throw refusal;
      }
      const level = levelOf(input.padesLevel, input.tenantId);
      const prepared = await prepareHashSignature({
        documents,
        pdf: input.pdf,
        signer: input.signer,
        stamp: input.stamp,
        chain,
        level,
        revocation,
        now,
        timeZone: config.timeZone,
        endTextMarker: config.endTextMarker,
        signal,
      });
      if (signal.aborted) throw signal.reason;
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': deps.contentDisposition(
          input.stamp ? `${input.stamp.documentNumber}.pdf` : input.filename,
        ),
        'content-length': prepared.length,
        'x-data-to-sign-digest': prepared.dataToSignDigest.toString('base64'),
        'x-hash-algorithm-oid': OID.sha256,
        'x-signature-field': prepared.field,
        'x-signing-time': isoWithOffset(now),
      });
      for (const chunk of prepared.chunks) res.write(chunk);
      res.end();
      log.info('signature prepared', {
        tenant: input.tenantId,
        level,
        signer: chain.subject,
        field: prepared.field,
        signatures: prepared.existing + 1,
        bytes: prepared.length,
      });
    }),
  );

  app.post('/sign-pdf/complete', deps.requireApiKey, (req, res) =>
    withSlot(deps, req, res, 'complete', async (signal, upload) => {
      const form = await multipart(req, PREPARED_PDF_FIELD, signal, upload);
      const checked = validateCompleteRequest(form, config.environment);
      const input = checked.request;
      let refusal = checked.refusal;
      let chain: SignerChain | undefined;
      if (input) chain = checkedChain(input.signerCertificates, new Date(), (err) => (refusal = err));
      if (!input || !chain) {
        await documents.prepare({ pdf: input ? input.pdf : checked.pdf }, signal);
        throw refusal;
      }
      const level = levelOf(input.padesLevel, input.tenantId);
      const { pdf, field } = await completeHashSignature({
        documents,
        pdf: input.pdf,
        chain,
        signature: input.signature,
        level,
        tsa,
        revocation,
        signal,
      });
      if (signal.aborted) throw signal.reason;
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': deps.contentDisposition(input.filename),
        'x-signature-type': 'pades',
        'x-signature-field': field,
        'content-length': pdf.length,
      });
      res.end(pdf);
      log.info('signature completed', {
        tenant: input.tenantId,
        level,
        signer: chain.subject,
        field,
        bytes: pdf.length,
      });
    }),
  );
}

function checkedChain(chainDer: Buffer[], now: Date, refuse: (err: SignerError) => void): SignerChain | undefined {
  try {
    return checkSignerChain(chainDer, now);
  } catch (err) {
    if (!(err instanceof SignerError)) throw err;
    refuse(err);
    return undefined;
  }
}

/** One signing slot and the request's time limit around `handle`; any failure is answered as JSON. */
async function withSlot(
  deps: HashSigningDeps,
  req: Request,
  res: Response,
  step: 'prepare' | 'complete',
  handle: (signal: AbortSignal, upload: UploadMeter) => Promise<void>,
): Promise<void> {
  const { config, log } = deps;
  const deadline = processingDeadline(config.processingTimeoutMs, 'the document was not signed');
  const signal = deadline.signal;
  const upload: UploadMeter = { bytes: 0 };
  let release: (() => void) | undefined;
  try {
    release = await deps.slots.acquire(signal);
    await handle(signal, upload);
    deps.outcomes.inc({ step, outcome: 'done' });
  } catch (err) {
    // The slot is for signing; draining a refused upload does not need it.
    release?.();
    const failure = signal.aborted ? signal.reason : err;
    deps.outcomes.inc({ step, outcome: failure instanceof SignerError ? failure.code : 'INTERNAL_ERROR' });
    await sendError(req, res, failure, log, upload.bytes);
  } finally {
    deadline.clear();
    release?.();
  }
}
