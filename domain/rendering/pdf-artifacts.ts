/**
 * The browser tags the document's body (headings, paragraphs, lists, tables) but leaves its
 * header and footer (municipality, type and number, verification code, QR, page number) and the
 * end-text marker outside the structure tree. PDF/UA-1 (§7.1) wants every piece of content either
 * tagged or marked as an Artifact, so each untagged text object, path and image becomes an
 * Artifact here, before the PDF is registered and signed.
 *
 * The marker additionally gets an empty ActualText: text extraction (copy and paste, search,
 * `pdftotext`) replaces its glyphs by nothing, while the glyphs themselves stay where the browser
 * put them. The signing service reads the content stream's glyphs, not ActualText, so it finds
 * the marker at the same baseline and places every signature exactly where it did before.
 */
import { PDFArray, PDFDict, PDFName, PDFRawStream, decodePDFRawStream, type PDFDocument, type PDFPage } from 'pdf-lib';
import { cmapDecoder, type FontDecoder } from '../../lib/pdf/font-decoder.js';
import { ARRAY_END, ARRAY_START, DICT_END, DICT_START, EOF, Keyword, Lexer, type Token } from '../../lib/pdf/lexer.js';
import { PdfName, PdfString, type PdfObject } from '../../lib/pdf/objects.js';
import { END_TEXT_MARKER } from './pdf-renderer.js';

const ARTIFACT_OPEN = '\n/Artifact BMC\n';
const ARTIFACT_CLOSE = '\nEMC\n';
/** An empty ActualText (a UTF-16 byte-order mark alone): extractors show nothing for the span. */
const SILENT_OPEN = '\n/Artifact BMC\n/Span <</ActualText <FEFF>>> BDC\n';
const SILENT_CLOSE = '\nEMC\nEMC\n';

const PATH_START = new Set(['m', 're']);
const PATH_PAINT = new Set(['S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*']);
const TEXT_SHOW = new Set(['Tj', "'", '"', 'TJ']);

interface Insertion {
  at: number;
  text: string;
}

/** Marks every page's untagged content as Artifact, and the end-text marker as silent. */
export function markUntaggedContent(doc: PDFDocument): void {
  for (const page of doc.getPages()) {
    const content = pageContent(page);
    if (!content) continue;
    const rewritten = withArtifacts(content, fontDecoders(page));
    if (rewritten) page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(rewritten)));
  }
}

function decoded(stream: unknown): Uint8Array | undefined {
  return stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : undefined;
}

/** The page's content streams as one (an array of streams is their concatenation). */
function pageContent(page: PDFPage): Uint8Array | undefined {
  const contents = page.node.Contents();
  if (!contents) return undefined;
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  const parts = streams.map(decoded);
  if (parts.some((p) => !p)) return undefined; // content pdf-lib has not serialised: drawn here, nothing to mark
  return Buffer.concat(parts.flatMap((p) => [p!, Buffer.from('\n')]));
}

/** Decoders of the page's fonts through their ToUnicode CMaps (the browser writes one for every font). */
function fontDecoders(page: PDFPage): Map<string, FontDecoder> {
  const decoders = new Map<string, FontDecoder>();
  const fonts = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
  for (const [key, ref] of fonts?.entries() ?? []) {
    const font = page.doc.context.lookup(ref);
    if (!(font instanceof PDFDict)) continue;
    const cmap = decoded(font.lookup(PDFName.of('ToUnicode')));
    if (!cmap) continue;
    const composite = font.get(PDFName.of('Subtype')) === PDFName.of('Type0');
    decoders.set(key.asString().slice(1), cmapDecoder(Buffer.from(cmap), composite ? 2 : 1));
  }
  return decoders;
}

/**
 * The content with its untagged objects wrapped, or undefined when there is nothing to wrap or
 * the stream cannot be followed (it is then kept as the browser wrote it).
 */
export function withArtifacts(content: Uint8Array, decoders: Map<string, FontDecoder>): Buffer | undefined {
  const lexer = new Lexer(content);
  const insertions: Insertion[] = [];
  const wrap = (from: number, to: number, silent = false) => {
    insertions.push(
      { at: from, text: silent ? SILENT_OPEN : ARTIFACT_OPEN },
      { at: to, text: silent ? SILENT_CLOSE : ARTIFACT_CLOSE },
    );
  };
  const marker = END_TEXT_MARKER.replace(/\s+/g, '');
  let operands: (PdfObject | PdfObject[])[] = [];
  let operandsStart = -1;
  let depth = 0; // marked-content nesting
  let font: FontDecoder | undefined;
  const fontStack: (FontDecoder | undefined)[] = [];
  /** The untagged text object being read: where it starts, what it shows, whether it tags content inside (an MCID). */
  let text: { start: number; shown: string; tagged: boolean } | undefined;
  /** The operands include a property list with an MCID: the marked content is real, tagged content. */
  let mcid = false;
  let pathStart = -1;

  for (;;) {
    const before = lexer.pos;
    let t: Token;
    try {
      t = lexer.nextToken();
    } catch {
      return undefined;
    }
    if (t === EOF) break;
    if (t === ARRAY_END || t === DICT_END) return undefined;
    if (!(t instanceof Keyword)) {
      if (operandsStart < 0) operandsStart = before + leadingWhitespace(content, before);
      if (t === ARRAY_START) operands.push(readArray(lexer));
      else if (t === DICT_START) {
        mcid = skipDict(lexer) || mcid;
        operands.push(null);
      } else operands.push(t);
      continue;
    }
    const start = operandsStart >= 0 ? operandsStart : before + leadingWhitespace(content, before);
    const op = t.value;
    const untagged = depth === 0;
    switch (op) {
      case 'BMC':
      case 'BDC':
        depth++;
        // Marked content without an MCID (the browser's ActualText spans for ligatures) tags nothing.
        if (text && mcid) text.tagged = true;
        break;
      case 'EMC':
        depth = Math.max(0, depth - 1);
        break;
      case 'q':
        fontStack.push(font);
        break;
      case 'Q':
        font = fontStack.pop() ?? font;
        break;
      case 'Tf': {
        const name = operands[operands.length - 2];
        font = name instanceof PdfName ? decoders.get(name.value) : undefined;
        break;
      }
      case 'BT':
        text = untagged ? { start, shown: '', tagged: false } : undefined;
        break;
      case 'ET':
        // A text object that opens or closes marked content inside itself is left as it is.
        if (text && !text.tagged && depth === 0)
          wrap(text.start, lexer.pos, text.shown.replace(/\s+/g, '').includes(marker));
        text = undefined;
        break;
      case 'Do':
      case 'sh':
        if (untagged && !text) wrap(start, lexer.pos);
        break;
      case 'n':
        pathStart = -1; // a clipping path paints nothing
        break;
      default:
        if (TEXT_SHOW.has(op) && text && font) text.shown += shownText(operands, font);
        else if (PATH_START.has(op) && untagged && !text && pathStart < 0) pathStart = start;
        else if (PATH_PAINT.has(op) && pathStart >= 0) {
          wrap(pathStart, lexer.pos);
          pathStart = -1;
        }
    }
    operands = [];
    operandsStart = -1;
    mcid = false;
  }
  if (insertions.length === 0) return undefined;
  return splice(content, insertions);
}

function leadingWhitespace(content: Uint8Array, from: number): number {
  const probe = new Lexer(content, from);
  probe.skipWhitespace();
  return probe.pos - from;
}

function shownText(operands: (PdfObject | PdfObject[])[], font: FontDecoder): string {
  const last = operands[operands.length - 1];
  const strings = Array.isArray(last) ? last : [last];
  return strings.map((s) => (s instanceof PdfString ? font(s.bytes) : '')).join('');
}

function readArray(lexer: Lexer): PdfObject[] {
  const items: PdfObject[] = [];
  for (let t = lexer.nextToken(); t !== ARRAY_END && t !== EOF; t = lexer.nextToken()) {
    if (t === ARRAY_START) readArray(lexer);
    else if (t === DICT_START) void skipDict(lexer);
    else if (!(t instanceof Keyword) && t !== DICT_END) items.push(t);
  }
  return items;
}

/** Skips a dictionary operand; whether it has an /MCID key. */
function skipDict(lexer: Lexer): boolean {
  let mcid = false;
  for (let depth = 1; depth > 0; ) {
    const t = lexer.nextToken();
    if (t === EOF) return mcid;
    if (t === DICT_START) depth++;
    else if (t === DICT_END) depth--;
    else if (depth === 1 && t instanceof PdfName && t.value === 'MCID') mcid = true;
  }
  return mcid;
}

function splice(content: Uint8Array, insertions: Insertion[]): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (const insertion of insertions.sort((a, b) => a.at - b.at)) {
    parts.push(Buffer.from(content.subarray(at, insertion.at)), Buffer.from(insertion.text, 'latin1'));
    at = insertion.at;
  }
  parts.push(Buffer.from(content.subarray(at)));
  return Buffer.concat(parts);
}
