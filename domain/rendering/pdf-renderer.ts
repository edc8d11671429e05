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
}

export interface PdfRenderer {
  render(input: RenderInput): Promise<Buffer>;
  close(): Promise<void>;
}
