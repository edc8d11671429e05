/**
 * Robustness of the signing service against damaged and hostile PDFs.
 *
 * 1. A corpus sent to POST /sign-pdf of a signer running as its own process: real documents
 *    (pdf-lib with a table and with object streams, one with an earlier update, one rendered by
 *    Chromium as the platform renders, one already signed) truncated, with flipped bytes, with
 *    huge or absurd counts (/Count /Size /W /Index /Length /N /First /Prev /Columns …), broken
 *    cross-reference offsets and startxref pointing anywhere; plus hand-written hostile files
 *    (decompression bombs, 10k+ nesting, an encrypted file, loops, chains, a heavy page).
 *    Promises: no 5xx but PADES_ERROR, only documented codes, every answer within its bound,
 *    /health always quick, RSS bounded, the process never exits.
 * 2. A time-bounded property-based run (fast-check) against the reader in-process: PDF-like
 *    token soup and structural edits of real files only ever fail with PdfReadError (or, for
 *    the whole preparation, a documented refusal), each within its time bound.
 */
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { SignerError } from '../../signer/errors.js';
import { PdfDocument } from '../../signer/pdf/document.js';
import { PdfReadError } from '../../lib/pdf/errors.js';
import { TextLocator } from '../../signer/pdf/text-locator.js';
import { UnforeseenReadFailure, prepareDocument } from '../../signer/signing/prepare-document.js';
import { SIGNER_FIELDS } from '../signer/support/http.js';
import * as hostile from '../signer/support/hostile-pdfs.js';
import { MARKER } from '../signer/support/pdfs.js';
import { API_KEY } from '../signer/support/service.js';
import { inParallel } from '../signer/support/fuzzing.js';
import { startSignerProcess, watchSigner, type SignerProcess } from '../signer/support/signer-process.js';
import { hostileCases, mutate, seedDocuments, type Case } from './support/pdf-corpus.js';
import { checkSignerAnswer, type SignerAnswer } from './support/signer-answer.js';
import { Tally } from './support/tally.js';

/** Answers may take this long: the heaviest sound page takes ~2 s to read on a loaded 2-core machine. */
const ANSWER_BOUND_MS = 8000;
/**
 * /health is polled from a process of its own, so this is the signer's latency alone: 7–30 ms
 * typically, and the 95th percentile must stay within 100 ms. The slowest single poll has a looser
 * bound (as in test/signer/pdf-limits.test.ts): the signer, its document workers, the client and
 * the poller share two cores, and one poll of ~550 over five full runs took 169 ms. An event loop
 * blocked by an upload or a document breaks one bound or the other.
 */
const HEALTH_P95_MS = 100;
const HEALTH_BOUND_MS = 250;
const RSS_BOUND = 400 * 1024 * 1024;
/** A single document may take this long in its worker before it is refused (well under the bound). */
const PDF_TIMEOUT_MS = '5000';

const PADES_ERROR = (status: number, body: string) => status === 500 && body.includes('"PADES_ERROR"');

describe('signer fuzz: damaged and hostile PDFs', function () {
  this.timeout(180_000);
  let signer: SignerProcess;
  const seeds: Case[] = [];

  before(async () => {
    signer = await startSignerProcess({ PDF_TIMEOUT_MS });
    seeds.push(...(await seedDocuments()));
    const signed = await post(signer.url, seeds[0]!.pdf, true);
    assert.equal(signed.status, 200, `${signed.status} ${signed.body.toString().slice(0, 200)}`);
    seeds.push({ label: 'signed', pdf: signed.body });
  });

  after(async () => {
    await signer?.stop();
  });

  it('POST /sign-pdf answers every mutated or hostile PDF with a documented refusal or a signature', async () => {
    const corpus = [...seeds.flatMap((s, i) => mutate(s, 1000 + i)), ...(await hostileCases(seeds[0]!.pdf))];
    const tally = new Tally('signer PDF fuzz: POST /sign-pdf', {
      maxLatencyMs: ANSWER_BOUND_MS,
      maxRssBytes: RSS_BOUND,
      allowed5xx: PADES_ERROR,
    });
    const health = new Tally('signer PDF fuzz: GET /health meanwhile', {
      maxLatencyMs: HEALTH_BOUND_MS,
      p95LatencyMs: HEALTH_P95_MS,
      maxRssBytes: RSS_BOUND,
    });
    const watch = watchSigner(signer, health, [tally]);
    const started = performance.now();
    try {
      await inParallel(corpus, 3, async (c, i) => {
        const res = await post(signer.url, c.pdf, i % 2 === 0);
        tally.record(c.label, res.status, res.ms, res.body.toString('utf8', 0, 400));
        checkSignerAnswer(tally, c.label, res);
      });
    } finally {
      await watch.stop();
    }
    process.stdout.write(`      ${corpus.length} PDFs in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    assert.equal(signer.ended(), undefined, `the signer exited: ${signer.ended()}\n${signer.output().slice(-3000)}`);
    health.check();
    tally.check();
  });

  it('the reader, in-process: PDF-like token soup and edits of real files fail only with PdfReadError, in bounded time', () => {
    const tally = new Tally('signer PDF fuzz: property-based reader run', { maxLatencyMs: 2000 });
    const bases = seeds.map((s) => s.pdf);
    const started = performance.now();
    const property = fc.property(fc.oneof(tokenSoupPdf(), editedPdf(bases)), (pdf) => {
      const t0 = performance.now();
      const outcome = readEverything(pdf);
      tally.record('read', outcome.ok ? 200 : 400, performance.now() - t0);
      if (outcome.unexpected) tally.fail(`unexpected ${outcome.unexpected}`);
      return !outcome.unexpected;
    });
    // Bounded in time, not in runs: as many inputs as fit in 40 s.
    const details = fc.check(property, {
      numRuns: 1_000_000,
      interruptAfterTimeLimit: 40_000,
      markInterruptAsFailure: false,
    });
    process.stdout.write(
      `      ${details.numRuns} generated inputs in ${((performance.now() - started) / 1000).toFixed(1)} s (fast-check seed ${details.seed})\n`,
    );
    assert.ok(!details.failed, fc.defaultReportMessage(details) ?? 'property failed');
    tally.check();
  });
});

/** Opens the document and walks everything the signer reads; an unexpected failure is any but PdfReadError. */
function readEverything(pdf: Buffer): { ok: boolean; unexpected?: string } {
  try {
    const doc = PdfDocument.open(pdf);
    doc.forbidsChanges();
    doc.signatureFields();
    doc.topLevelFieldNames();
    new TextLocator(doc.reader).lowest(doc.pages[doc.pages.length - 1]!, MARKER);
  } catch (err) {
    if (err instanceof PdfReadError) return { ok: false };
    return { ok: false, unexpected: (err as Error)?.stack ?? String(err) };
  }
  // The whole preparation (checks, placement, update, digest) may refuse, but only as documented.
  try {
    prepareDocument({
      pdf,
      build: {
        endTextMarker: MARKER,
        signer: SIGNER_FIELDS,
        stamp: undefined,
        now: new Date(),
        timeZone: 'UTC',
        cmsCapacity: 8192,
      },
    });
    return { ok: true };
  } catch (err) {
    if (err instanceof SignerError && !(err instanceof UnforeseenReadFailure) && err.status < 500) return { ok: false };
    if (err instanceof PdfReadError) return { ok: false };
    return { ok: false, unexpected: (err as Error)?.stack ?? String(err) };
  }
}

async function post(url: string, pdf: Buffer, pades: boolean): Promise<SignerAnswer> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...SIGNER_FIELDS, tenant_id: 'demo', use_pades: String(pades) }))
    form.append(k, v);
  form.append('pdf_file', new Blob([pdf], { type: 'application/pdf' }), 'documento.pdf');
  const started = performance.now();
  try {
    const res = await fetch(`${url}/sign-pdf`, {
      method: 'POST',
      body: form,
      headers: { 'x-api-key': API_KEY },
      signal: AbortSignal.timeout(30_000),
    });
    const body = Buffer.from(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, body, ms: performance.now() - started };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    return {
      status: e.cause?.code ?? e.name,
      headers: undefined,
      body: Buffer.alloc(0),
      ms: performance.now() - started,
    };
  }
}

// ---------------------------------------------------------------- generated inputs (fast-check)

const TOKENS = [
  'obj',
  'endobj',
  'stream',
  'endstream',
  'xref',
  'trailer',
  'startxref',
  'R',
  'n',
  'f',
  'null',
  'true',
  '<<',
  '>>',
  '[',
  ']',
  '(',
  ')',
  '<',
  '>',
  '{',
  '}',
  '/Type',
  '/Catalog',
  '/Pages',
  '/Page',
  '/Kids',
  '/Count',
  '/Root',
  '/Size',
  '/W',
  '/Index',
  '/Length',
  '/Filter',
  '/FlateDecode',
  '/ASCIIHexDecode',
  '/ASCII85Decode',
  '/DecodeParms',
  '/Predictor',
  '/Columns',
  '/Prev',
  '/XRefStm',
  '/XRef',
  '/ObjStm',
  '/N',
  '/First',
  '/MediaBox',
  '/Contents',
  '/Resources',
  '/Font',
  '/ToUnicode',
  '/Encrypt',
  '/AcroForm',
  '/Fields',
  '/Annots',
  'BT',
  'ET',
  'Tj',
  'TJ',
  'Tf',
  'Td',
  'Tm',
  'cm',
  'q',
  'Q',
  'Do',
  'BI',
  'ID',
  'EI',
  'begincodespacerange',
  'endcodespacerange',
  'beginbfrange',
  'endbfrange',
  'beginbfchar',
  'endbfchar',
  '%',
  '%%EOF',
  '\\',
  '#',
];

const token = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...TOKENS) },
  {
    weight: 3,
    arbitrary: fc
      .oneof(
        fc.integer({ min: -3, max: 12 }),
        fc.integer({ min: -(2 ** 33), max: 2 ** 33 }),
        fc.double({ noNaN: true }),
      )
      .map(String),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 16 }).map((b) => Buffer.from(b).toString('latin1')) },
);
const soup = fc
  .array(token, { maxLength: 60 })
  .chain((tokens) => fc.constantFrom(' ', '\n', '').map((sep) => tokens.join(sep)));

/** Objects of token soup behind a correct header and cross-reference table, or a wrong one. */
function tokenSoupPdf(): fc.Arbitrary<Buffer> {
  return fc
    .record({
      objects: fc.array(soup, { minLength: 1, maxLength: 8 }),
      streams: fc.array(fc.tuple(soup, fc.boolean()), { maxLength: 3 }),
      trailer: soup,
      startxref: fc.option(fc.integer({ min: -10, max: 5000 }), { nil: undefined }),
    })
    .map(({ objects, streams, trailer, startxref }) => {
      const raw: hostile.RawObject[] = objects.map((body) => ({ body }));
      for (const [content, compress] of streams)
        raw.push({
          body: compress ? '<< /Filter /FlateDecode >>' : '<< >>',
          stream: compress ? deflateSync(Buffer.from(content, 'latin1')) : Buffer.from(content, 'latin1'),
        });
      const pdf = hostile.rawPdf(raw, trailer).toString('latin1');
      return Buffer.from(
        startxref === undefined ? pdf : pdf.replace(/startxref\n\d+/, `startxref\n${startxref}`),
        'latin1',
      );
    });
}

/** Real documents with a few edits: bytes deleted, token soup inserted, spans duplicated. */
function editedPdf(bases: Buffer[]): fc.Arbitrary<Buffer> {
  const edit = fc.record({
    kind: fc.constantFrom('delete', 'insert', 'replace', 'duplicate'),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    length: fc.nat(80),
    text: soup,
  });
  return fc
    .record({ base: fc.nat(bases.length - 1), edits: fc.array(edit, { minLength: 1, maxLength: 4 }) })
    .map(({ base, edits }) => {
      let pdf = bases[base]!;
      for (const e of edits) {
        const at = Math.floor(e.at * pdf.length);
        const text = Buffer.from(e.text, 'latin1');
        if (e.kind === 'delete') pdf = Buffer.concat([pdf.subarray(0, at), pdf.subarray(at + e.length)]);
        else if (e.kind === 'insert') pdf = Buffer.concat([pdf.subarray(0, at), text, pdf.subarray(at)]);
        else if (e.kind === 'replace') pdf = Buffer.concat([pdf.subarray(0, at), text, pdf.subarray(at + e.length)]);
        else
          pdf = Buffer.concat([
            pdf.subarray(0, at + e.length),
            pdf.subarray(at, at + e.length),
            pdf.subarray(at + e.length),
          ]);
      }
      return pdf;
    });
}
