/**
 * The signing service client used by signing activities: POST /sign-pdf (multipart) with the
 * signer's data and the tenant, PAdES; for a personal signature, whose key a remote signing
 * service holds, POST /sign-pdf/prepare and /sign-pdf/complete around that service's signature.
 * Transport failures and 5xx are thrown as plain errors, so Temporal retries them with backoff; a
 * 4xx is the service refusing this document, which no retry fixes, so it is a non-retryable
 * failure carrying the service's code and message. With several copies of the service
 * (SIGNER_URL lists them), each request starts at the next copy in turn and, if that copy cannot
 * be reached or drops the connection, goes on to the others before failing: the service keeps no
 * state between requests, so any copy can answer any of them.
 */
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { PadesLevel } from '../config/index.js';
import { SIGNER_REJECTED_TYPE } from '../contract/failures.js';

export interface SignPdfInput {
  pdf: Buffer;
  fileName: string;
  tenantId: string;
  signer: { name: string; seal: string; department: string; entity: string };
  stamp?: { documentNumber: string; city: string };
  /** `pades_level`; unset: the signing service's level for the tenant (B-T by default). */
  padesLevel?: PadesLevel;
}

export interface SigningServiceConfig {
  /** Every copy of the service; requests take turns and skip one that cannot be reached. */
  urls: readonly string[];
  apiKey: string;
}

/** Longer than the service's own 90 s processing limit. */
const REQUEST_TIMEOUT_MS = 100_000;

export async function signPdf(config: SigningServiceConfig, input: SignPdfInput): Promise<Buffer> {
  return post(config, '/sign-pdf', signForm(input), 'El servicio de firma rechazó el documento');
}

/**
 * POST /sign-pdf/prepare: the document with the signature field, block, stamp and an empty hole
 * for a signature by the holder of `signerCertificates` (DER, leaf first), and `digest`: the
 * SHA-256 of the signed attributes, which the remote signing service signs.
 */
export async function preparePdfSignature(
  config: SigningServiceConfig,
  input: SignPdfInput & { signerCertificates: Buffer[] },
): Promise<{ pdf: Buffer; digest: Buffer; signingTime: string; field: string }> {
  const form = signForm(input, { signer_certificates: toPem(input.signerCertificates) });
  const { body, headers } = await request(
    config,
    '/sign-pdf/prepare',
    form,
    'El servicio de firma rechazó el documento',
  );
  const digest = headers.get('x-data-to-sign-digest');
  const signingTime = headers.get('x-signing-time');
  const field = headers.get('x-signature-field');
  // A 200 without them is no prepared document (a proxy, another service): worth a retry.
  if (!digest || !signingTime || !field)
    throw new Error(
      'signing service answered /sign-pdf/prepare without X-Data-To-Sign-Digest, X-Signing-Time or X-Signature-Field',
    );
  return { pdf: body, digest: Buffer.from(digest, 'base64'), signingTime, field };
}

/**
 * POST /sign-pdf/complete: the prepared document with `signature` (the remote service's value
 * over the digest prepare returned) embedded, time-stamped and taken to the PAdES level.
 */
export async function completePdfSignature(
  config: SigningServiceConfig,
  input: {
    pdf: Buffer;
    fileName: string;
    tenantId: string;
    signature: Buffer;
    signerCertificates: Buffer[];
    padesLevel?: PadesLevel;
  },
): Promise<Buffer> {
  const form = new FormData();
  form.set('tenant_id', input.tenantId);
  form.set('signature', input.signature.toString('base64'));
  form.set('signer_certificates', toPem(input.signerCertificates));
  if (input.padesLevel) form.set('pades_level', input.padesLevel);
  // The file last: the service reads the fields before it.
  form.set('prepared_pdf', new Blob([new Uint8Array(input.pdf)], { type: 'application/pdf' }), input.fileName);
  return post(config, '/sign-pdf/complete', form, 'El servicio de firma rechazó la firma');
}

function toPem(certificates: Buffer[]): string {
  return certificates
    .map(
      (der) =>
        `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{1,64}/g, '$&\n')}-----END CERTIFICATE-----\n`,
    )
    .join('');
}

function signForm(input: SignPdfInput, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.set('name', input.signer.name);
  form.set('seal', input.signer.seal);
  form.set('department', input.signer.department);
  form.set('entity', input.signer.entity);
  form.set('tenant_id', input.tenantId);
  form.set('use_pades', 'true');
  if (input.padesLevel) form.set('pades_level', input.padesLevel);
  if (input.stamp) {
    form.set('document_number', input.stamp.documentNumber);
    form.set('city', input.stamp.city);
    form.set('stamp_position', 'first');
  }
  for (const [name, value] of Object.entries(extra)) form.set(name, value);
  // The file last: the service reads the fields before it.
  form.set('pdf_file', new Blob([new Uint8Array(input.pdf)], { type: 'application/pdf' }), input.fileName);
  return form;
}

/**
 * POST /timestamp-pdf: one more document time-stamp (with fresh validation data) over an
 * already signed PDF — the renewal of its archive time-stamp.
 */
export async function timestampPdf(config: SigningServiceConfig, pdf: Buffer, fileName: string): Promise<Buffer> {
  const form = new FormData();
  form.set('pdf_file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), fileName);
  return post(config, '/timestamp-pdf', form, 'El servicio de firma rechazó el sellado de tiempo');
}

/** POST /timestamp-digest: an RFC 3161 token over a SHA-256 digest (the audit chain's head). */
export async function timestampDigest(
  config: SigningServiceConfig,
  sha256Hex: string,
): Promise<{ token: Buffer; genTime: string }> {
  const answer = JSON.parse(
    (
      await post(
        config,
        '/timestamp-digest',
        { sha256: sha256Hex },
        'El servicio de firma rechazó el sellado de tiempo',
      )
    ).toString('utf8'),
  ) as { token: string; gen_time: string };
  return { token: Buffer.from(answer.token, 'base64'), genTime: answer.gen_time };
}

async function post(
  config: SigningServiceConfig,
  path: string,
  form: FormData | Record<string, unknown>,
  refusal: string,
): Promise<Buffer> {
  return (await request(config, path, form, refusal)).body;
}

async function request(
  config: SigningServiceConfig,
  path: string,
  form: FormData | Record<string, unknown>,
  refusal: string,
): Promise<{ body: Buffer; headers: Headers }> {
  // Heartbeats tell Temporal this attempt is alive; if the worker dies they stop and the
  // activity is retried elsewhere after the heartbeat timeout.
  const ctx = activityContext();
  const beat = ctx ? setInterval(() => ctx.heartbeat(), 2_000) : undefined;
  try {
    const signal = ctx
      ? AbortSignal.any([ctx.cancellationSignal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)])
      : AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const json = !(form instanceof FormData);
    const res = await fetchFromAny(config.urls, path, {
      method: 'POST',
      headers: { 'X-API-Key': config.apiKey, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(form) : form,
      signal,
    });
    if (res.ok) return { body: Buffer.from(await res.arrayBuffer()), headers: res.headers };
    const text = await res.text();
    let code = `HTTP_${res.status}`;
    let message = text.slice(0, 500);
    try {
      const body = JSON.parse(text) as { code?: string; message?: string };
      code = body.code ?? code;
      message = body.message ?? message;
    } catch {
      // not JSON
    }
    if (res.status >= 400 && res.status < 500) {
      throw ApplicationFailure.create({
        type: SIGNER_REJECTED_TYPE,
        message: `${refusal} (${code}): ${message}`,
        details: [{ status: res.status, code }],
        nonRetryable: true,
      });
    }
    throw new Error(`signing service answered ${res.status} ${code}: ${message}`);
  } finally {
    if (beat) clearInterval(beat);
  }
}

let turn = 0;

/** The first answer from the copies in turn; a transport failure moves on to the next copy. */
async function fetchFromAny(
  urls: readonly string[],
  path: string,
  init: RequestInit & { signal: AbortSignal },
): Promise<Response> {
  const first = turn++ % urls.length;
  for (let i = 0; ; i++) {
    try {
      return await fetch(`${urls[(first + i) % urls.length]}${path}`, init);
    } catch (err) {
      // fetch rejects with a TypeError when no answer came (refused, reset, closed mid-way); an
      // abort (the activity cancelled or timed out) ends the attempt wherever it is.
      if (i + 1 >= urls.length || init.signal.aborted || !(err instanceof TypeError)) throw err;
    }
  }
}

function activityContext(): Context | undefined {
  try {
    return Context.current();
  } catch {
    return undefined;
  }
}
