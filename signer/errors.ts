/**
 * Every error the service answers, as `{code, message}` with its HTTP status. The codes of the
 * spec's table come first; CERTIFICATE_REVOKED, the hash-signing codes and the last four are
 * this service's own additions (documented in docs/signer.md).
 */
export const ERROR_STATUS = {
  FILE_TOO_LARGE: 400,
  INVALID_PDF_FILE: 400,
  INVALID_PDF_FORMAT: 400,
  INVALID_PARAMETERS: 400,
  INVALID_STAMP_PARAMETERS: 400,
  INVALID_STAMP_POSITION: 400,
  INVALID_TENANT_ID: 400,
  CERTIFICATE_NOT_FOUND: 400,
  CERTIFICATE_LOAD_ERROR: 400,
  CERTIFICATE_REVOKED: 400,
  LayoutError: 400,
  // Hash signing (POST /sign-pdf/prepare and /sign-pdf/complete): the signer's own certificate
  // and a signature value made elsewhere.
  INVALID_SIGNER_CERTIFICATE: 400,
  SIGNATURE_ALREADY_PRESENT: 409,
  INVALID_PREPARED_PDF: 422,
  SIGNATURE_MISMATCH: 422,
  PLACEHOLDER_TOO_SMALL: 422,
  INVALID_API_KEY: 401,
  PADES_ERROR: 500,
  INTERNAL_ERROR: 500,
  NOT_FOUND: 404,
  PROCESSING_TIMEOUT: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class SignerError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }

  toJSON(): { code: ErrorCode; message: string } {
    return { code: this.code, message: this.message };
  }
}
