/** Raised when a file cannot be read as a PDF; the service answers INVALID_PDF_FILE. */
export class PdfReadError extends Error {}
