/**
 * Validation of a POST /sign-pdf/complete form, in the order of /sign-pdf's: tenant_id, then the
 * file (`prepared_pdf`: size, %PDF — whether it is readable and prepared is found out by a
 * document worker, so a problem with the parameters is returned as `refusal`), then the
 * parameters: the signature value, the signer's chain and the level.
 */
import { SignerError } from '../errors.js';
import { PADES_LEVELS, isPadesLevel, type PadesLevel } from '../ltv/levels.js';
import { checkTenantId } from '../tenant.js';
import type { MultipartForm } from './multipart.js';
import { MAX_HASH_FIELD_BYTES, MAX_PDF_BYTES, fieldReader, signerChainField } from './sign-request.js';

export const PREPARED_PDF_FIELD = 'prepared_pdf';
/** RSA-16384 or any ECDSA value fits; more is no signature value. */
const MAX_SIGNATURE_BYTES = 2048;

export interface CompleteRequest {
  tenantId: string | undefined;
  pdf: Buffer;
  filename: string | undefined;
  signature: Buffer;
  signerCertificates: Buffer[];
  padesLevel: PadesLevel | undefined;
}

export type CheckedCompleteForm =
  | { request: CompleteRequest; refusal?: undefined }
  | { request?: undefined; pdf: Buffer; refusal: SignerError };

export function validateCompleteRequest(form: MultipartForm, environment: 'test' | 'prd'): CheckedCompleteForm {
  const field = fieldReader(form);
  const tenantId = field('tenant_id', 'INVALID_TENANT_ID');
  if (tenantId !== undefined) checkTenantId(tenantId);
  else if (environment === 'prd')
    throw new SignerError('INVALID_TENANT_ID', 'tenant_id is required (ENVIRONMENT is prd)');

  if (form.fileTooLarge)
    throw new SignerError(
      'FILE_TOO_LARGE',
      `${PREPARED_PDF_FIELD} exceeds ${MAX_PDF_BYTES / (1024 * 1024)} MB (${MAX_PDF_BYTES} bytes)`,
    );
  const file = form.file;
  if (!file)
    throw new SignerError(
      'INVALID_PDF_FILE',
      `${PREPARED_PDF_FIELD} is required (a file part named ${PREPARED_PDF_FIELD}: the PDF POST /sign-pdf/prepare returned)`,
    );
  if (file.data.length === 0) throw new SignerError('INVALID_PDF_FILE', `${PREPARED_PDF_FIELD} is empty`);
  if (file.data.subarray(0, 4).toString('latin1') !== '%PDF')
    throw new SignerError('INVALID_PDF_FORMAT', `${PREPARED_PDF_FIELD} does not begin with %PDF; it is not a PDF`);

  try {
    if (form.unexpectedFile !== undefined)
      throw new SignerError(
        'INVALID_PARAMETERS',
        `unexpected file part "${form.unexpectedFile}"; send one file, as ${PREPARED_PDF_FIELD}`,
      );
    if (form.truncatedFields.has('signature'))
      throw new SignerError('INVALID_PARAMETERS', `signature must be at most ${MAX_HASH_FIELD_BYTES} bytes`);
    const encoded = field('signature', 'INVALID_PARAMETERS');
    if (encoded === undefined)
      throw new SignerError(
        'INVALID_PARAMETERS',
        'signature is required: the base64 signature value over the digest POST /sign-pdf/prepare returned',
      );
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0)
      throw new SignerError('INVALID_PARAMETERS', 'signature must be base64 (RFC 4648, with padding)');
    const signature = Buffer.from(encoded, 'base64');
    if (signature.length > MAX_SIGNATURE_BYTES)
      throw new SignerError('INVALID_PARAMETERS', `signature must be at most ${MAX_SIGNATURE_BYTES} bytes`);
    const signerCertificates = signerChainField(form, field);
    const padesLevel = field('pades_level', 'INVALID_PARAMETERS');
    if (padesLevel !== undefined && !isPadesLevel(padesLevel))
      throw new SignerError(
        'INVALID_PARAMETERS',
        `pades_level must be one of ${PADES_LEVELS.map((l) => `"${l}"`).join(', ')}`,
      );
    return {
      request: { tenantId, pdf: file.data, filename: file.filename, signature, signerCertificates, padesLevel },
    };
  } catch (err) {
    if (!(err instanceof SignerError)) throw err;
    return { pdf: file.data, refusal: err };
  }
}
