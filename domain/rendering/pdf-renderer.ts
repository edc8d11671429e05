/** Turning a document's HTML into a Letter-size PDF. */
export interface RenderInput {
  /** Sanitized or raw content HTML (it is sanitized again by the renderer). */
  html: string;
  documentTypeName: string;
  documentTypeAcronym: string;
  /** Printed in the header once the document is numbered. */
  officialNumber?: string | null;
  reference: string;
  municipality: string;
  /** A large diagonal text on every page, e.g. BORRADOR for previews. */
  watermark?: string;
  /** Signatures the document will carry: sizes the free area kept for them after the text. */
  signatureSlots?: number;
  /** Final renders: the public verification code and URL, printed with a QR in every footer. */
  verification?: { code: string; url: string };
}

/**
 * The end-text marker the signing service looks for on the last page: signatures are stacked
 * below it (docs/signer.md). Printed white and tiny at the top of the signature area.
 */
export const END_TEXT_MARKER = '##FIN_TEXTO##';

/**
 * Height kept free for `slots` signatures: the service's grid rows are 82 pt apart from 40 pt
 * above the page bottom, and the marker must sit 8 pt above the highest row used.
 */
export function signatureAreaHeightPt(slots: number): number {
  return 82 * Math.max(1, Math.ceil(slots / 2));
}

export interface PdfRenderer {
  render(input: RenderInput): Promise<Buffer>;
  close(): Promise<void>;
}
