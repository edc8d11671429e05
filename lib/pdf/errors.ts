/** Raised when a file cannot be read as a PDF; the service answers INVALID_PDF_FILE. */
export class PdfReadError extends Error {}

/** A file that declares or needs more than a limit of ./limits.ts allows (not merely damaged). */
export class PdfLimitError extends PdfReadError {}
