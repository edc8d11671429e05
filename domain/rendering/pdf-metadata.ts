/**
 * What an official PDF says about itself: its title (type, number once known, reference), the
 * municipality as author, the platform as creator and producer, and its language, instead of the
 * browser's "HeadlessChrome" and "Skia/PDF". Set on the rendered file before it is registered and
 * signed; signatures add revisions and never touch it. The same description is written twice: in
 * the document information dictionary and as XMP metadata, which PDF/UA-1 requires (§7.1) and
 * which carries the PDF/UA identification when the file is tagged.
 */
import { PDFDocument, PDFName } from 'pdf-lib';
import { escapeHtml } from '../../lib/html.js';
import { markUntaggedContent } from './pdf-artifacts.js';
import type { RenderInput } from './pdf-renderer.js';

export const PDF_CREATOR = 'expediente';
export const PDF_LANGUAGE = 'es-AR';

export function pdfTitle(input: Pick<RenderInput, 'documentTypeName' | 'officialNumber' | 'reference'>): string {
  return [input.documentTypeName, input.officialNumber, input.reference].filter(Boolean).join(' — ');
}

export function describePdf(doc: PDFDocument, input: RenderInput, producer: string): void {
  const now = new Date();
  doc.setTitle(pdfTitle(input), { showInWindowTitleBar: true });
  doc.setAuthor(input.municipality);
  doc.setSubject(`${input.documentTypeName} (${input.documentTypeAcronym})`);
  doc.setCreator(PDF_CREATOR);
  doc.setProducer(producer);
  doc.setLanguage(PDF_LANGUAGE);
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  const tagged = doc.catalog.has(PDFName.of('StructTreeRoot'));
  const xmp = xmpPacket({
    title: pdfTitle(input),
    author: input.municipality,
    subject: `${input.documentTypeName} (${input.documentTypeAcronym})`,
    producer,
    date: now,
    pdfUa: tagged,
  });
  const stream = doc.context.stream(new TextEncoder().encode(xmp), { Type: 'Metadata', Subtype: 'XML' });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(stream));
}

interface XmpFields {
  title: string;
  author: string;
  subject: string;
  producer: string;
  date: Date;
  /** Claims PDF/UA-1: only a tagged file, whose untagged content is marked as artifacts. */
  pdfUa: boolean;
}

/** An XMP packet (ISO 16684-1) with Dublin Core, XMP basic, PDF and, when claimed, PDF/UA fields. */
export function xmpPacket(f: XmpFields): string {
  const x = (value: string) => escapeHtml(value);
  const date = f.date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const alt = (value: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${x(value)}</rdf:li></rdf:Alt>`;
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/"${f.pdfUa ? ' xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/"' : ''}>
<dc:format>application/pdf</dc:format>
<dc:title>${alt(f.title)}</dc:title>
<dc:creator><rdf:Seq><rdf:li>${x(f.author)}</rdf:li></rdf:Seq></dc:creator>
<dc:description>${alt(f.subject)}</dc:description>
<dc:language><rdf:Bag><rdf:li>${PDF_LANGUAGE}</rdf:li></rdf:Bag></dc:language>
<xmp:CreatorTool>${PDF_CREATOR}</xmp:CreatorTool>
<xmp:CreateDate>${date}</xmp:CreateDate>
<xmp:ModifyDate>${date}</xmp:ModifyDate>
<pdf:Producer>${x(f.producer)}</pdf:Producer>${f.pdfUa ? '\n<pdfuaid:part>1</pdfuaid:part>' : ''}
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/** A PDF another program produced (the browser), described the same way; its structure is kept and its untagged content marked. */
export async function describedPdf(bytes: Uint8Array, input: RenderInput, producer: string): Promise<Buffer> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  markUntaggedContent(doc);
  describePdf(doc, input, producer);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
