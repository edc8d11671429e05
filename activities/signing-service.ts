/**
 * The signing service client used by signing activities: POST /sign-pdf (multipart) with the
 * signer's data and the tenant, PAdES. Transport failures and 5xx are thrown as plain errors, so
 * Temporal retries them with backoff; a 4xx is the service refusing this document, which no retry
 * fixes, so it is a non-retryable failure carrying the service's code and message.
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
  url: string;
  apiKey: string;
}

/** Longer than the service's own 90 s processing limit. */
const REQUEST_TIMEOUT_MS = 100_000;

export async function signPdf(config: SigningServiceConfig, input: SignPdfInput): Promise<Buffer> {
  const form = new FormData();
  form.set('pdf_file', new Blob([new Uint8Array(input.pdf)], { type: 'application/pdf' }), input.fileName);
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

  return post(config, '/sign-pdf', form, 'El servicio de firma rechazó el documento');
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
export async function timestampDigest(config: SigningServiceConfig, sha256Hex: string): Promise<{ token: Buffer; genTime: string }> {
  const answer = JSON.parse((await post(config, '/timestamp-digest', { sha256: sha256Hex }, 'El servicio de firma rechazó el sellado de tiempo')).toString('utf8')) as { token: string; gen_time: string };
  return { token: Buffer.from(answer.token, 'base64'), genTime: answer.gen_time };
}

async function post(config: SigningServiceConfig, path: string, form: FormData | Record<string, unknown>, refusal: string): Promise<Buffer> {
  // Heartbeats tell Temporal this attempt is alive; if the worker dies they stop and the
  // activity is retried elsewhere after the heartbeat timeout.
  const ctx = activityContext();
  const beat = ctx ? setInterval(() => ctx.heartbeat(), 2_000) : undefined;
  try {
    const signal = ctx ? AbortSignal.any([ctx.cancellationSignal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]) : AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const json = !(form instanceof FormData);
    const res = await fetch(`${config.url}${path}`, {
      method: 'POST', headers: { 'X-API-Key': config.apiKey, ...(json ? { 'content-type': 'application/json' } : {}) }, body: json ? JSON.stringify(form) : form, signal,
    });
    if (res.ok) return Buffer.from(await res.arrayBuffer());
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

function activityContext(): Context | undefined {
  try {
    return Context.current();
  } catch {
    return undefined;
  }
}
