/**
 * The tamper corpus against pyHanko: every file (attacks on signed PDFs and legitimate
 * extensions, built in support/tampering.ts) is judged by pyHanko and by the verification
 * engine, and the two must agree — the engine never calls "valid" a file pyHanko rejects, and
 * calls valid what pyHanko accepts (except the few entries where the platform knows more).
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { signPdf, timestampPdf } from '../../activities/signing-service.js';
import { validatePdf, type FileReport, type SignatureReport } from '../../domain/verification/engine.js';
import { VerificationInputError } from '../../domain/verification/errors.js';
import { TrustAnchors } from '../../domain/verification/trust.js';
import { verdictOf } from '../../domain/verification/verdict.js';
import { startTimestampAuthority, type RunningTimestampAuthority } from '../../signer/tsa/server.js';
import { createLogger } from '../../lib/log.js';
import { freePort } from '../../dev/ports.js';
import { getStack } from '../support/hooks.js';
import { request } from '../support/http.js';
import { pyhankoValidate, run, saveTemp } from '../signer/support/tools.js';
import { appendEmptySignatureField, officialDocument, signAgain, type OfficialDocument } from './support/corpus.js';
import { startCorpusSigner, type CorpusSigner } from './support/signing.js';
import * as t from './support/tampering.js';

interface Bases {
  /** An official document (one signature, its archive time-stamp, the LTA update). */
  official: OfficialDocument;
  /** The official document with one more signature by the signing service. */
  twice: Buffer;
  /** The prepared original (support/tampering.ts) signed by the signing service. */
  prepared: Buffer;
  foreign: CorpusSigner;
  /** A second time-stamping authority over the stack's PKI: its time-stamps are trusted. */
  stackTsaUrl: string;
}

interface Entry {
  name: string;
  build(bases: Bases): Buffer | Promise<Buffer>;
  /** Why the platform rightly judges this file more strictly than pyHanko can (pyHanko accepts it). */
  platformStricter?: string;
  /** The engine's verdict the platform's rule requires (pyHanko accepts, but what a viewer renders changed). */
  expect?: 'modified';
  /** Also trust the corpus signer's root (its time-stamp authority stamped the file). */
  trustForeign?: boolean;
}

/** Signs with the stack's signing service under another tenant's certificate (same dev root). */
function signAsTenant(pdf: Buffer, tenantId: string): Promise<Buffer> {
  const stack = getStack();
  return signPdf(stack.config.signer, {
    pdf,
    fileName: 'documento.pdf',
    tenantId,
    signer: {
      name: 'Intendente de otro municipio',
      seal: 'Intendente',
      department: 'Gobierno',
      entity: 'Municipalidad vecina',
    },
  });
}

async function pyhankoTimestamp(pdf: Buffer, foreign: CorpusSigner): Promise<Buffer> {
  const file = await saveTemp(pdf, 'to-stamp.pdf');
  const r = await run('pyhanko', [
    'sign',
    'timestamp',
    '--timestamp-url',
    foreign.tsaUrl,
    '--trust',
    foreign.pki.caCertPath,
    '--trust-replace',
    file,
    `${file}.dts.pdf`,
  ]);
  assert.equal(r.code, 0, r.stderr);
  return readFile(`${file}.dts.pdf`);
}

/** A document time-stamp (with its validation data) by the stack's signing service and its trusted authority. */
function stackTimestamp(pdf: Buffer): Promise<Buffer> {
  const stack = getStack();
  return timestampPdf(stack.config.signer, pdf, 'documento.pdf');
}

async function pyhankoAddFields(pdf: Buffer): Promise<Buffer> {
  const file = await saveTemp(pdf, 'to-extend.pdf');
  const r = await run('pyhanko', [
    'sign',
    'addfields',
    '--field',
    '1/320,130,566,200/FirmaNueva',
    file,
    `${file}.fields.pdf`,
  ]);
  assert.equal(r.code, 0, r.stderr);
  return readFile(`${file}.fields.pdf`);
}

const UNACCOUNTED_BYTES =
  'pyHanko reads the last complete revision and ignores what follows; the platform does not vouch for bytes no revision accounts for';
const REDRAWN_FIELDS =
  'with /NeedAppearances a viewer redraws every field from its value, so what it shows is no longer the appearance that was signed';
const UNCOVERED_FIELD =
  'a new field that paints something is an overlay no signature covers until someone signs into it; only an update a signature closes may add one';
const TIMESTAMP_PAINTS =
  'pyHanko lets a new signature field paint whatever it likes; a document time-stamp vouches for no content, so its own widget drawing on the page is an overlay like any other';
const BACKGROUND_PAINTS =
  'pyHanko accepts a new empty signature field; one without /AP still paints its /MK background (poppler draws it), here a white box over the heading, in an update nothing signs';
const OTHER_MUNICIPALITY =
  'pyHanko trusts every certificate under the dev root; which certificate a municipality signs with is a platform-level check, tested with the register';

const CORPUS: Entry[] = [
  // Baselines
  { name: 'official document as issued', build: (b) => b.official.pdf },
  { name: 'prepared original signed by the signing service', build: (b) => b.prepared },
  // Known defects
  {
    name: 'defect a: page content redefined in a stream saying /Type /XRef (official)',
    build: (b) => t.redefineContentAsXref(b.official.pdf),
  },
  {
    name: 'defect a: "Obra aprobada" -> "NO aprobada" in a stream saying /Type /XRef (prepared)',
    build: (b) => t.redefineContentAsXref(b.prepared),
  },
  {
    name: 'defect b: /Contents becomes an indirect array gaining a /FT /Sig stream (official)',
    build: (b) => t.contentsArrayGainsSigStream(b.official.pdf),
  },
  {
    name: 'defect b: indirect /Contents array gains a /FT /Sig stream painting "$ 990.000" (prepared)',
    build: (b) => t.preparedContentsGainSigStream(b.prepared),
  },
  { name: 'defect c: new /AP for the unsigned number stamp Sello1', build: (b) => t.restampSello(b.official.pdf) },
  // Shadow attacks
  { name: 'shadow hide: the overlay content stream emptied', build: (b) => t.shadowHideOverlayEmptied(b.prepared) },
  {
    name: 'shadow hide: the covering annotation removed from the page',
    build: (b) => t.shadowHideAnnotationRemoved(b.prepared),
  },
  { name: 'shadow replace: the page font redefined ("1" draws "9")', build: (b) => t.shadowReplaceFont(b.prepared) },
  { name: 'shadow replace: the form XObject redefined', build: (b) => t.shadowReplaceXObject(b.prepared) },
  {
    name: 'shadow replace: a text field value and appearance replaced',
    build: (b) => t.shadowReplaceFieldValue(b.prepared),
  },
  { name: 'form: /V of an existing text field changed', build: (b) => t.changeFieldValueOnly(b.prepared) },
  {
    name: 'shadow hide-and-replace: page /Contents pointed at an unreferenced stream',
    build: (b) => t.shadowHideAndReplaceContents(b.prepared),
  },
  {
    name: 'shadow hide-and-replace: page /Resources pointed at unreferenced resources',
    build: (b) => t.shadowHideAndReplaceResources(b.prepared),
  },
  // Overlays
  { name: 'overlay: FreeText annotation', build: (b) => t.overlayFreeText(b.official.pdf) },
  { name: 'overlay: Stamp annotation', build: (b) => t.overlayStamp(b.official.pdf) },
  { name: 'overlay: new text field widget with a value', build: (b) => t.overlayTextFieldWidget(b.official.pdf) },
  { name: 'overlay: image XObject drawn on the page', build: (b) => t.overlayImage(b.official.pdf) },
  { name: 'overlay: Link annotation with a URI', build: (b) => t.overlayLink(b.official.pdf) },
  // Form and actions
  {
    name: 'form: /NeedAppearances true',
    build: (b) => t.needAppearances(b.official.pdf),
    platformStricter: REDRAWN_FIELDS,
  },
  { name: 'action: catalog /OpenAction JavaScript', build: (b) => t.openActionJavaScript(b.official.pdf) },
  { name: 'action: page /AA JavaScript', build: (b) => t.pageAdditionalActions(b.official.pdf) },
  // Signature fields
  {
    name: 'a visible empty signature field added (pyHanko addfields)',
    build: (b) => pyhankoAddFields(b.official.pdf),
    platformStricter: UNCOVERED_FIELD,
  },
  {
    name: 'a visible empty signature field added, then a trusted document time-stamp',
    build: async (b) => stackTimestamp(await pyhankoAddFields(b.official.pdf)),
    platformStricter: UNCOVERED_FIELD,
  },
  { name: 'signature widget moved (/Rect)', build: (b) => t.moveSignatureWidget(b.official.pdf) },
  { name: 'signature widget hidden (/F)', build: (b) => t.hideSignatureWidget(b.official.pdf) },
  { name: 'signature widget /AP replaced', build: (b) => t.replaceSignatureAppearance(b.official.pdf) },
  {
    name: 'signed field Firma1 deleted from /Fields (after Firma2)',
    build: (b) => t.removeFromFields(b.twice, 'Firma1'),
  },
  // Structure
  { name: 'trailer /Root pointed at a new catalog with /OpenAction', build: (b) => t.newCatalog(b.official.pdf) },
  { name: 'page added', build: (b) => t.addPage(b.official.pdf) },
  { name: 'page removed', build: (b) => t.removeLastPage(b.prepared) },
  { name: 'page /Rotate changed', build: (b) => t.rotatePage(b.official.pdf) },
  { name: 'page /MediaBox changed', build: (b) => t.shrinkMediaBox(b.official.pdf) },
  { name: 'objects rewritten identically', build: (b) => t.identicalRewrite(b.official.pdf) },
  { name: 'XMP /Metadata changed', build: (b) => t.changeXmpMetadata(b.prepared) },
  { name: '/Outlines added', build: (b) => t.addOutlines(b.official.pdf) },
  // Signature wrapping, universal signature forgery
  {
    name: 'wrapping: page content redefined inside the /Contents gap padding',
    build: (b) => t.objectsInSignatureGap(b.official.pdf),
  },
  { name: 'wrapping: signature dictionary with a second /ByteRange', build: (b) => t.secondByteRange(b.official.pdf) },
  { name: 'USF: signature dictionary without /Contents and /ByteRange', build: (b) => t.usfNoContents(b.official.pdf) },
  { name: 'USF: /ByteRange [0 0 0 0]', build: (b) => t.usfZeroByteRange(b.official.pdf) },
  // End of file
  {
    name: 'non-whitespace bytes after %%EOF',
    build: (b) => t.garbageAfterEof(b.official.pdf),
    platformStricter: UNACCOUNTED_BYTES,
  },
  {
    name: 'truncated inside the last revision',
    build: (b) => t.truncateLastRevision(b.official.pdf),
    platformStricter: UNACCOUNTED_BYTES,
  },
  { name: 'truncated inside the first signed revision', build: (b) => t.truncateFirstSignedRevision(b.official.pdf) },
  // Other certificates
  {
    name: 'signature by another municipality (tenant_a) on a demo document',
    build: (b) => signAsTenant(b.official.pdf, 'tenant_a'),
    platformStricter: OTHER_MUNICIPALITY,
  },
  {
    name: 'registered first revision signed by another municipality (tenant_a)',
    build: (b) => signAsTenant(t.firstRevision(b.official.pdf), 'tenant_a'),
    platformStricter: OTHER_MUNICIPALITY,
  },
  // Forged codes
  {
    name: 'forged code: unsigned PDF with a real number and code',
    build: (b) => t.forgedCodePdf(b.official.number, b.official.code),
  },
  {
    name: 'forged code: the same signed by an untrusted signer',
    build: async (b) =>
      b.foreign.sign(await t.forgedCodePdf(b.official.number, b.official.code), 'Intendente Municipal'),
  },
  // What the allow-list takes on trust: a field's /V, a widget written in place, /Info, a /Rect of references
  {
    name: "allow-list: new visible signature field reusing Firma1's signature dictionary as /V",
    build: (b) => t.reusedSignatureValue(b.official.pdf),
  },
  {
    name: 'allow-list: new visible signature field whose /V is 0 (no signature)',
    build: (b) => t.dummyValueSignatureField(b.official.pdf),
  },
  {
    name: 'allow-list: visible empty signature widget written directly in the page /Annots',
    build: (b) => t.directSignatureWidget(b.official.pdf),
  },
  {
    name: 'allow-list: visible empty signature field whose /Rect numbers are indirect',
    build: (b) => t.indirectRectSignatureField(b.official.pdf),
  },
  {
    name: 'allow-list: visible empty signature field with no /AP, a white /MK background over the heading',
    build: (b) => t.backgroundOnlySignatureField(b.official.pdf),
    platformStricter: BACKGROUND_PAINTS,
    expect: 'modified',
  },
  {
    name: "allow-list: field without appearance, then filled with Firma1's /V and painted",
    build: (b) => t.emptyFieldFilledWithReusedValue(b.official.pdf),
  },
  {
    name: "allow-list: stamp Sello1 (locked) given Firma1's /V and another number",
    build: (b) => t.restampSelloWithReusedValue(b.official.pdf),
  },
  {
    name: 'allow-list: trailer /Info names the page, whose content gains "RECHAZADA"',
    build: (b) => t.infoNamesPageContentAdded(b.official.pdf),
  },
  {
    name: 'allow-list: trailer /Info names the catalog, which gains an /OpenAction',
    build: (b) => t.infoNamesCatalogOpenAction(b.official.pdf),
  },
  {
    name: 'allow-list: trusted document time-stamp whose own widget paints "NO APROBADO" (pyHanko)',
    build: (b) => t.visibleTimestampWidget(b.official.pdf, b.stackTsaUrl),
    platformStricter: TIMESTAMP_PAINTS,
    expect: 'modified',
  },
  // Legitimate extensions
  { name: 'legitimate: one more signature by the signing service', build: (b) => b.twice },
  {
    name: 'legitimate: pyHanko document time-stamp',
    build: (b) => pyhankoTimestamp(b.official.pdf, b.foreign),
    trustForeign: true,
  },
  { name: 'legitimate: empty signature field added', build: (b) => appendEmptySignatureField(b.official.pdf) },
  { name: 'metadata: /Info changed only', build: (b) => t.changeInfo(b.official.pdf) },
];

// ---------------------------------------------------------------------------------------------

interface PyhankoJudgement {
  /** rejects: a signature INVALID, illegal modifications, or the file unreadable. */
  kind: 'rejects' | 'untrusted' | 'accepts' | 'unsigned';
  fields: Map<string, string>;
  output: string;
}

function judge(code: number, fields: Map<string, string>, output: string): PyhankoJudgement {
  const summaries = [...fields.values()];
  let kind: PyhankoJudgement['kind'];
  if (fields.size === 0) kind = code === 0 ? 'unsigned' : 'rejects';
  else if (
    summaries.some(
      (s) => s.startsWith('INVALID') || s.includes('ILLEGAL_MODIFICATIONS') || s.includes('NONSTANDARD_COVERAGE'),
    )
  )
    kind = 'rejects';
  else if (summaries.some((s) => !s.startsWith('INTACT:TRUSTED'))) kind = 'untrusted';
  else kind = 'accepts';
  return { kind, fields, output };
}

/** A summary in few words: status, modification level, verdict on the changes. */
function shortSummary(summary: string): string {
  if (summary.startsWith('INVALID')) return 'INVALID';
  const status = /^INTACT:(\w+)/.exec(summary)?.[1] ?? '?';
  const level = summary.includes('UNTOUCHED')
    ? 'UNTOUCHED'
    : (/EXTENDED_WITH_(\w+)/.exec(summary)?.[1] ??
      (summary.includes('NONSTANDARD_COVERAGE') ? 'NONSTANDARD' : 'EXTENDED'));
  return `${status}/${level}${summary.includes('ILLEGAL_MODIFICATIONS') ? '/ILLEGAL' : ''}`;
}

/**
 * pyHanko's summary in the engine's terms. The engine's "intact" includes covering a whole
 * revision, which pyHanko reports apart (NONSTANDARD_COVERAGE, with the cryptography intact).
 */
function pyhankoView(summary: string) {
  const intact = !summary.startsWith('INVALID') && !summary.includes('NONSTANDARD_COVERAGE');
  return {
    intact,
    trusted: intact && summary.startsWith('INTACT:TRUSTED'),
    modifiedAfter: summary.includes('ILLEGAL_MODIFICATIONS'),
  };
}

function engineView(s: SignatureReport) {
  const intact = s.signatureValid && s.digestValid && s.coversRevision;
  return { intact, trusted: intact && s.trusted, modifiedAfter: s.modifiedAfter };
}

/** A modification reason names the page or object it is about (bytes after the end have none). */
const NAMES_WHAT_CHANGED = /\bpage \d+|\bobjects? \d+|after the last revision/i;

/** Any verdict that tells the public the file holds: today's and any later "valid…" or "authentic…". */
const saysValid = (verdict: string) => verdict.startsWith('valid') || verdict.startsWith('authentic');

interface Result {
  entry: Entry;
  pyhanko: PyhankoJudgement;
  report: FileReport | null;
  verdict: string;
  problems: string[];
  /** Reasons that name neither a page nor an object by number. */
  vagueReasons: string[];
  /** What the public upload answers (the register consulted): verdict, or the refusal's code. */
  upload: { status: number; verdict: string | null; changes: { kind: string }[] };
}

/** Runs `work` over `items`, `limit` at a time. */
async function pooled<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!);
      }
    }),
  );
  return out;
}

function compare(entry: Entry, py: PyhankoJudgement, report: FileReport | null, verdict: string): string[] {
  const problems: string[] = [];
  if (verdict.startsWith('crash')) return [`the engine failed: ${verdict}`];
  if (py.kind !== 'accepts') {
    if (saysValid(verdict))
      problems.push(
        `pyHanko ${py.kind === 'rejects' ? 'rejects the file' : py.kind === 'untrusted' ? 'finds an untrusted signer' : 'finds no signature'}, the engine says ${verdict}`,
      );
  } else if (!entry.platformStricter) {
    if (verdict !== 'valid_unregistered') problems.push(`pyHanko accepts every signature, the engine says ${verdict}`);
    else if (report && !['none', 'harmless'].includes(report.afterLastSignature))
      problems.push(`pyHanko accepts, the engine calls what follows the last signature ${report.afterLastSignature}`);
  }
  if (entry.expect && verdict !== entry.expect)
    problems.push(`the platform's rule calls this file ${entry.expect}, the engine says ${verdict}`);
  if (report && py.fields.size > 0) {
    const signatures = report.signatures.filter((s) => s.kind === 'signature');
    for (const [field, summary] of py.fields) {
      const s = signatures.find((x) => x.fieldName === field);
      if (!s) {
        problems.push(`pyHanko reports ${field}, the engine does not`);
        continue;
      }
      const theirs = pyhankoView(summary);
      const ours = engineView(s);
      if (!theirs.intact) {
        if (ours.intact) problems.push(`${field}: pyHanko says INVALID, the engine finds it intact`);
        continue;
      }
      for (const key of ['intact', 'trusted', 'modifiedAfter'] as const) {
        if (key === 'modifiedAfter' && entry.platformStricter) continue;
        if (ours[key] !== theirs[key])
          problems.push(
            `${field}: ${key} pyHanko ${theirs[key]} (${summary}), engine ${ours[key]} (${s.problems.join('; ') || 'no problems'})`,
          );
      }
    }
    for (const s of signatures)
      if (!py.fields.has(s.fieldName) && py.kind !== 'rejects')
        problems.push(`the engine reports ${s.fieldName}, pyHanko does not`);
  }
  if (verdict === 'modified' && report!.modificationReasons.length === 0)
    problems.push('the engine calls the file modified without a reason');
  return problems;
}

describe('verification: the tamper corpus, the engine against pyHanko', function () {
  this.timeout(600_000);
  const results = new Map<string, Result>();
  let foreign: CorpusSigner | undefined;
  let stackTsa: RunningTimestampAuthority | undefined;
  let api: { url: string; close(): Promise<void> } | undefined;

  before(async () => {
    const stack = getStack();
    foreign = await startCorpusSigner();
    stackTsa = await startTimestampAuthority({
      port: await freePort(),
      host: '127.0.0.1',
      pkiDir: stack.pki.dir,
      log: createLogger('error'),
      publishRevocation: false,
    });
    api = await stack.extraApi({ PUBLIC_VERIFY_RATE_LIMIT: '1000' });
    const official = await officialDocument(['intendente'], 'Obra Calle 9 aprobada');
    const [twice, prepared] = await Promise.all([
      signAgain(official.pdf),
      signAgain(t.preparedOriginal(), 'Directora de Obras'),
    ]);
    const bases: Bases = { official, twice, prepared, foreign, stackTsaUrl: stackTsa.url };

    const anchors = TrustAnchors.fromPemFiles([stack.pki.caCertPath]);
    const withForeign = anchors.with(TrustAnchors.fromPemFiles([foreign.pki.caCertPath]));
    const bothRoots = await saveTemp(
      Buffer.concat([await readFile(stack.pki.caCertPath), await readFile(foreign.pki.caCertPath)]),
      'roots.pem',
    );
    const files = await pooled(CORPUS, 2, async (entry) => entry.build(bases));
    // TAMPER_CORPUS_DIR=<dir> keeps each file (numbered in corpus order) to render or inspect.
    const keep = process.env.TAMPER_CORPUS_DIR;
    if (keep) {
      await mkdir(keep, { recursive: true });
      await Promise.all(files.map((pdf, i) => writeFile(join(keep, `${String(i + 1).padStart(2, '0')}.pdf`), pdf)));
    }

    await pooled(
      CORPUS.map((entry, i) => ({ entry, pdf: files[i]! })),
      2,
      async ({ entry, pdf }) => {
        const py = await pyhankoValidate(
          await saveTemp(pdf, 'tampered.pdf'),
          entry.trustForeign ? bothRoots : stack.pki.caCertPath,
        );
        const pyhanko = judge(py.code, py.fields, py.output);
        let report: FileReport | null = null;
        let verdict: string;
        try {
          report = validatePdf(pdf, { anchors: entry.trustForeign ? withForeign : anchors });
          verdict = verdictOf(report, null);
        } catch (err) {
          verdict =
            err instanceof VerificationInputError ? `refused (${err.code})` : `crash: ${(err as Error).stack ?? err}`;
        }
        const vagueReasons = (report?.modificationReasons ?? []).filter((r) => !NAMES_WHAT_CHANGED.test(r));
        const form = new FormData();
        form.set('pdf_file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'copia.pdf');
        const answer = await request('/api/v1/public/verify', { method: 'POST', form, baseUrl: api!.url });
        const upload = {
          status: answer.status,
          verdict: answer.body?.verdict ?? null,
          changes: answer.body?.file?.changes ?? [],
        };
        results.set(entry.name, {
          entry,
          pyhanko,
          report,
          verdict,
          problems: compare(entry, pyhanko, report, verdict),
          vagueReasons,
          upload,
        });
      },
    );
  });

  after(async () => {
    await foreign?.close();
    await stackTsa?.close();
    await api?.close();
    if (results.size === 0) return;
    const rows = CORPUS.map((entry) => {
      const r = results.get(entry.name)!;
      const py = r.pyhanko.fields.size
        ? [...r.pyhanko.fields].map(([f, s]) => `${f} ${shortSummary(s)}`).join(', ')
        : r.pyhanko.kind === 'rejects'
          ? 'unreadable'
          : 'no signatures';
      const engine = r.report ? `${r.verdict} (after: ${r.report.afterLastSignature})` : r.verdict.split('\n')[0]!;
      const status = r.problems.length
        ? 'DISAGREE'
        : r.verdict === 'modified' && r.vagueReasons.length
          ? 'VAGUE'
          : 'agree';
      return [
        status,
        entry.name,
        py,
        engine,
        r.upload.verdict ?? `HTTP ${r.upload.status}`,
        r.report?.modificationReasons.join('; ') ?? '',
      ];
    });
    const widths = [8, 60, 50, 40, 20];
    const line = (cells: string[]) => cells.map((c, i) => (i < widths.length ? c.padEnd(widths[i]!) : c)).join(' | ');
    const vague = [...results.values()].filter((r) => r.verdict === 'modified' && r.vagueReasons.length).length;
    process.stdout.write(
      `\n      tamper corpus (${results.size} files; ${vague} modified files have reasons naming no page or object number)\n`,
    );
    process.stdout.write(`      ${line(['', 'file', 'pyHanko', 'engine', 'upload', 'reasons'])}\n`);
    for (const row of rows) process.stdout.write(`      ${line(row)}\n`);
  });

  it('holds at least 30 files, each built', () => {
    assert.ok(CORPUS.length >= 30, `${CORPUS.length} entries`);
    assert.equal(new Set(CORPUS.map((e) => e.name)).size, CORPUS.length, 'entry names are unique');
    assert.equal(results.size, CORPUS.length);
    // 9: two new empty-field entries paint on the page (a document time-stamp's own widget, an /MK
    // background without /AP), which pyHanko's field-creation rule accepts and the platform's rule
    // (after the last signature only what long-term validation adds, nothing a viewer renders) does not.
    assert.ok(CORPUS.filter((e) => e.platformStricter).length <= 9, 'platform-stricter exceptions stay few');
  });

  it('every legitimate extension is one pyHanko accepts', () => {
    for (const entry of CORPUS.filter(
      (e) => e.name.startsWith('legitimate:') || e.name.includes('as issued') || e.name.includes('prepared original'),
    )) {
      const r = results.get(entry.name)!;
      assert.equal(r.pyhanko.kind, 'accepts', `${entry.name}: pyHanko says\n${r.pyhanko.output}`);
    }
  });

  it('the public upload, with the register, never calls an altered file authentic or valid, and lists what changed', () => {
    const altered = (r: Result) =>
      r.pyhanko.kind !== 'accepts' ||
      r.entry.platformStricter !== undefined ||
      ['modified', 'invalid_signature'].includes(r.verdict);
    for (const r of results.values()) {
      assert.ok(
        r.upload.status === 200 || r.upload.status === 400,
        `${r.entry.name}: upload answered ${r.upload.status}`,
      );
      if (r.upload.status === 400) {
        assert.ok(r.verdict.startsWith('refused'), `${r.entry.name}: refused on upload only`);
        continue;
      }
      if (altered(r)) assert.ok(!saysValid(r.upload.verdict!), `${r.entry.name}: the upload says ${r.upload.verdict}`);
      if (r.upload.verdict === 'modified')
        assert.ok(
          r.upload.changes.some((c) => c.kind === 'modification'),
          `${r.entry.name}: the answer lists the modification`,
        );
    }
    // Where only the register can tell: another municipality's certificate on this municipality's document.
    for (const name of [
      'signature by another municipality (tenant_a) on a demo document',
      'registered first revision signed by another municipality (tenant_a)',
    ]) {
      assert.equal(results.get(name)!.upload.verdict, 'untrusted', name);
    }
    assert.equal(results.get('official document as issued')!.upload.verdict, 'authentic');
    assert.equal(
      results.get('legitimate: one more signature by the signing service')!.upload.verdict,
      'valid_not_original',
    );
    // Harmless for the signatures, but not validation data: the file is no longer the registered one, and says what it got.
    const notOriginal: [string, string][] = [
      ['metadata: /Info changed only', 'metadata'],
      ['legitimate: empty signature field added', 'empty_field'],
    ];
    for (const [name, kind] of notOriginal) {
      const r = results.get(name)!;
      assert.equal(r.upload.verdict, 'valid_not_original', name);
      assert.deepEqual(
        r.upload.changes.map((c) => c.kind),
        [kind],
        name,
      );
    }
    assert.equal(
      results.get('objects rewritten identically')!.upload.verdict,
      'authentic_extended',
      'a save that changes nothing leaves the original',
    );
    // A trusted time-stamp vouches for no content: an overlay it closes is still a modification.
    assert.equal(
      results.get('a visible empty signature field added, then a trusted document time-stamp')!.upload.verdict,
      'modified',
    );
  });

  for (const entry of CORPUS) {
    it(`agrees with pyHanko: ${entry.name}`, () => {
      const r = results.get(entry.name);
      assert.ok(r, `${entry.name}: not evaluated`);
      const py =
        [...r.pyhanko.fields].map(([f, s]) => `${f}: ${s}`).join('\n') || r.pyhanko.output.trim().split('\n').at(-1);
      assert.deepEqual(
        r.problems,
        [],
        `${entry.name}\n  pyHanko: ${py}\n  engine: ${r.verdict.split('\n')[0]} — ${r.report?.modificationReasons.join('; ') ?? ''}`,
      );
      if (r.verdict === 'modified') {
        assert.ok(r.report!.modificationReasons.length > 0, `${entry.name}: a modified file names what changed`);
        assert.deepEqual(r.vagueReasons, [], `${entry.name}: each reason names the page or object that changed`);
      }
    });
  }
});
