/**
 * Refusals of a file given for verification, with the signing service's codes (docs/signer.md)
 * so both services speak the same language about PDFs.
 */
export type VerificationErrorCode = 'FILE_TOO_LARGE' | 'INVALID_PDF_FILE' | 'INVALID_PDF_FORMAT' | 'INVALID_PARAMETERS';

export class VerificationInputError extends Error {
  constructor(
    readonly code: VerificationErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The signing service's upload limit: 10 MiB, exactly that accepted. */
export const MAX_VERIFY_BYTES = 10 * 1024 * 1024;
