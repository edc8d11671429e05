/**
 * Validation of a POST /sign-pdf form in the spec's order — tenant_id, then the PDF (size,
 * %PDF, readable, Letter pages), then the signature parameters, then (when document_number is
 * sent) the stamp parameters — so a request with several problems always gets the first one.
 * Whether the PDF is readable and Letter is found out by the document worker (see
 * signing/prepare-document.ts), so a problem with the parameters is returned as `refusal`, to
 * be answered only if the PDF turns out sound.
 *
 * Text values are normalised to NFC and trimmed; lengths count characters. Every printed value
 * must be representable in the appearance font's encoding (WinAnsi: all Spanish and Western
 * European letters), so nothing is ever printed wrong or dropped.
 */
import { SignerError, type ErrorCode } from '../errors.js';
import { unprintable } from '../../lib/pdf/win-ansi.js';
import { PADES_LEVELS, isPadesLevel, type PadesLevel } from '../ltv/levels.js';
import type { SignerFields, StampRequest } from '../signing/document-update.js';
import { readPemChain } from '../certificates/signer-chain.js';
import { checkTenantId } from '../tenant.js';
import type { MultipartForm } from './multipart.js';

export const MAX_PDF_BYTES = 10 * 1024 * 1024;
/** The largest valid form: the PDF plus its fields (at most 32 of 4 KB) and part headers. */
export const MAX_FORM_BYTES = MAX_PDF_BYTES + 256 * 1024;

export interface SignRequest {
  tenantId: string | undefined;
  pdf: Buffer;
  filename: string | undefined;
  signer: SignerFields;
  usePades: boolean;
  /** `pades_level`; undefined: the tenant's configured level. */
  padesLevel: PadesLevel | undefined;
  stamp: StampRequest | undefined;
  /** POST /sign-pdf/prepare: the signer's chain (DER, leaf first) from `signer_certificates`. */
  signerCertificates?: Buffer[] | undefined;
}

/** POST /sign-pdf/prepare's form is /sign-pdf's plus the signer's chain, whose key is elsewhere. */
export interface SignFormKind {
  hashSigning?: boolean;
}

/** A valid request, or the PDF and the first problem found after it (answered if the PDF is sound). */
export type CheckedForm =
  | { request: SignRequest; refusal?: undefined }
  | { request?: undefined; pdf: Buffer; refusal: SignerError };

/** Problems with tenant_id or the PDF's size and header are thrown; later ones are returned. */
export function validateSignRequest(
  form: MultipartForm,
  environment: 'test' | 'prd',
  kind: SignFormKind = {},
): CheckedForm {
  const field = fieldReader(form);

  // 1. tenant_id
  const tenantId = field('tenant_id', 'INVALID_TENANT_ID');
  if (tenantId !== undefined) checkTenantId(tenantId);
  else if (environment === 'prd')
    throw new SignerError('INVALID_TENANT_ID', 'tenant_id is required (ENVIRONMENT is prd)');

  // 2. the PDF
  if (form.fileTooLarge)
    throw new SignerError(
      'FILE_TOO_LARGE',
      `pdf_file exceeds ${MAX_PDF_BYTES / (1024 * 1024)} MB (${MAX_PDF_BYTES} bytes)`,
    );
  const file = form.file;
  if (!file) throw new SignerError('INVALID_PDF_FILE', 'pdf_file is required (a file part named pdf_file)');
  if (file.data.length === 0) throw new SignerError('INVALID_PDF_FILE', 'pdf_file is empty');
  if (file.data.subarray(0, 4).toString('latin1') !== '%PDF')
    throw new SignerError('INVALID_PDF_FORMAT', 'pdf_file does not begin with %PDF; it is not a PDF');

  try {
    return { request: { tenantId, pdf: file.data, filename: file.filename, ...validateParameters(form, field, kind) } };
  } catch (err) {
    if (!(err instanceof SignerError)) throw err;
    return { pdf: file.data, refusal: err };
  }
}

/** Steps 3 and 4: the signature parameters, then the stamp parameters. */
function validateParameters(
  form: MultipartForm,
  field: FieldReader,
  kind: SignFormKind,
): Pick<SignRequest, 'signer' | 'usePades' | 'padesLevel' | 'stamp' | 'signerCertificates'> {
  // 3. signature parameters
  if (form.unexpectedFile !== undefined)
    throw new SignerError(
      'INVALID_PARAMETERS',
      `unexpected file part "${form.unexpectedFile}"; send one file, as pdf_file`,
    );
  const text = (name: string, max: number) => printable(name, requiredText(field, name, max), 'INVALID_PARAMETERS');
  const signer: SignerFields = {
    name: text('name', 100),
    seal: text('seal', 50),
    department: text('department', 100),
    entity: text('entity', 100),
  };
  const usePadesRaw = field('use_pades', 'INVALID_PARAMETERS') ?? 'true';
  if (usePadesRaw !== 'true' && usePadesRaw !== 'false')
    throw new SignerError('INVALID_PARAMETERS', 'use_pades must be "true" or "false"');
  const padesLevel = field('pades_level', 'INVALID_PARAMETERS');
  if (padesLevel !== undefined && !isPadesLevel(padesLevel))
    throw new SignerError(
      'INVALID_PARAMETERS',
      `pades_level must be one of ${PADES_LEVELS.map((l) => `"${l}"`).join(', ')}`,
    );
  let signerCertificates: Buffer[] | undefined;
  if (kind.hashSigning) {
    if (usePadesRaw !== 'true')
      throw new SignerError(
        'INVALID_PARAMETERS',
        'a prepared signature is always PAdES: use_pades must be "true" or not sent',
      );
    signerCertificates = signerChainField(form, field);
  }

  // 4. stamp parameters (only when a document number is sent)
  let stamp: StampRequest | undefined;
  const documentNumber = field('document_number', 'INVALID_STAMP_PARAMETERS');
  if (documentNumber !== undefined) {
    if ([...documentNumber].length > 40)
      throw new SignerError('INVALID_STAMP_PARAMETERS', 'document_number must be at most 40 characters');
    printable('document_number', documentNumber, 'INVALID_STAMP_PARAMETERS');
    const city = field('city', 'INVALID_STAMP_PARAMETERS');
    if (city === undefined)
      throw new SignerError('INVALID_STAMP_PARAMETERS', 'city is required when document_number is sent');
    if ([...city].length > 100)
      throw new SignerError('INVALID_STAMP_PARAMETERS', 'city must be at most 100 characters');
    printable('city', city, 'INVALID_STAMP_PARAMETERS');
    const position = field('stamp_position', 'INVALID_STAMP_POSITION') ?? 'first';
    if (position !== 'first' && position !== 'last')
      throw new SignerError('INVALID_STAMP_POSITION', 'stamp_position must be "first" or "last"');
    stamp = { documentNumber, city, position };
  }

  return { signer, usePades: usePadesRaw === 'true', padesLevel, stamp, signerCertificates };
}

/** Largest text field of the hash-signing forms (a PEM chain of a few certificates fits many times). */
export const MAX_HASH_FIELD_BYTES = 64 * 1024;

/** `signer_certificates`: the signer's chain in PEM, leaf first (required). */
export function signerChainField(form: MultipartForm, field: FieldReader): Buffer[] {
  if (form.truncatedFields.has('signer_certificates'))
    throw new SignerError('INVALID_PARAMETERS', `signer_certificates must be at most ${MAX_HASH_FIELD_BYTES} bytes`);
  const pem = field('signer_certificates', 'INVALID_PARAMETERS');
  if (pem === undefined)
    throw new SignerError(
      'INVALID_PARAMETERS',
      "signer_certificates is required: the signer's certificate chain in PEM, leaf first",
    );
  return readPemChain(pem);
}

export type FieldReader = (name: string, code: ErrorCode) => string | undefined;

/** A single optional text field; an empty (or blank) value counts as not sent. */
export function fieldReader(form: MultipartForm): FieldReader {
  return (name, code) => {
    const values = form.fields.get(name);
    if (!values) return undefined;
    if (values.length > 1) throw new SignerError(code, `${name} was sent more than once`);
    const v = values[0]!.normalize('NFC').trim();
    return v === '' ? undefined : v;
  };
}

function requiredText(field: FieldReader, name: string, max: number): string {
  const v = field(name, 'INVALID_PARAMETERS');
  if (v === undefined) throw new SignerError('INVALID_PARAMETERS', `${name} is required (1-${max} characters)`);
  if ([...v].length > max) throw new SignerError('INVALID_PARAMETERS', `${name} must be at most ${max} characters`);
  return v;
}

function printable(name: string, value: string, code: ErrorCode): string {
  // Control characters (tabs, line breaks) would break the one-line layout.
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) throw new SignerError(code, `${name} must be a single line of text`);
  const bad = unprintable(value);
  if (bad.length)
    throw new SignerError(
      code,
      `${name} contains characters that cannot be printed in the signature: ${bad.map((c) => JSON.stringify(c)).join(' ')}`,
    );
  return value;
}
