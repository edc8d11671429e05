import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { validatePdf, type FileReport, type SignatureReport } from '../../domain/verification/engine.js';
import { VerificationInputError } from '../../domain/verification/errors.js';
import { MAX_REVISIONS } from '../../domain/verification/revisions.js';
import { type PdfDict, PdfRef, dict, name } from '../../lib/pdf/objects.js';
import { PdfReader } from '../../lib/pdf/reader.js';
import { IncrementalUpdate } from '../../signer/pdf/incremental.js';
import { TrustAnchors } from '../../domain/verification/trust.js';
import { verdictOf, type Verdict } from '../../domain/verification/verdict.js';
import { getStack } from '../support/hooks.js';
import { letterPdf } from '../support/documents.js';
import { pyhankoValidate, run, saveTemp } from '../signer/support/tools.js';
import {
  appendAnnotation,
  appendEmptySignatureField,
  flipByteInSignedRange,
  officialDocument,
  signAgain,
} from './support/corpus.js';
import { startCorpusSigner, type CorpusSigner } from './support/signing.js';

interface Case {
  pdf: Buffer;
  verdict: Verdict;
  signatures: number;
  after: FileReport['afterLastSignature'];
  /** Also trust the corpus signer's own root (its TSA made a document time-stamp). */
  trustForeign?: boolean;
}

/** What pyHanko's summary line says, in the engine's terms. */
function pyhankoView(summary: string) {
  return {
    intact: !summary.startsWith('INVALID'),
    trusted: summary.startsWith('INTACT:TRUSTED'),
    timestampTrusted: summary.includes('TIMESTAMP_TOKEN<INTACT:TRUSTED>'),
    illegalModifications: summary.includes('ILLEGAL_MODIFICATIONS'),
    untouched: summary.includes('UNTOUCHED'),
  };
}

function engineView(s: SignatureReport, report: FileReport) {
  const intact = s.signatureValid && s.digestValid && s.coversRevision;
  return {
    intact,
    trusted: intact && s.trusted,
    timestampTrusted: Boolean(s.timestamp?.valid && s.timestamp.trusted),
    illegalModifications: s.modifiedAfter,
    untouched: s.revision === report.revisions,
  };
}

describe('verification: the engine agrees with pyHanko', function () {
  this.timeout(300_000);
  const corpus = new Map<string, Case>();
  let foreign: CorpusSigner | undefined;
  let anchors: TrustAnchors;

  before(async () => {
    const stack = getStack();
    anchors = TrustAnchors.fromPemFiles([stack.pki.caCertPath]);
    const one = await officialDocument(['intendente']);
    const three = await officialDocument(['directora-obras', 'jefa-mesa', 'intendente']);
    const six = await officialDocument([
      'agente-obras',
      'agente-mesa',
      'directora-rentas',
      'jefa-mesa',
      'directora-obras',
      'intendente',
    ]);
    foreign = await startCorpusSigner();
    // Official documents are PAdES-B-LTA: their signatures, one document time-stamp over them, and
    // the time-stamp authority's validation data in a last (harmless) update.
    corpus.set('official, 1 signature', {
      pdf: one.pdf,
      verdict: 'valid_unregistered',
      signatures: 2,
      after: 'harmless',
    });
    corpus.set('official, 3 signatures', {
      pdf: three.pdf,
      verdict: 'valid_unregistered',
      signatures: 4,
      after: 'harmless',
    });
    corpus.set('official, 6 signatures', {
      pdf: six.pdf,
      verdict: 'valid_unregistered',
      signatures: 7,
      after: 'harmless',
    });
    corpus.set('a byte flipped inside the signed ranges', {
      pdf: flipByteInSignedRange(three.pdf),
      verdict: 'invalid_signature',
      signatures: 4,
      after: 'harmless',
    });
    corpus.set('an annotation appended after the last signature', {
      pdf: appendAnnotation(three.pdf),
      verdict: 'modified',
      signatures: 4,
      after: 'modification',
    });
    corpus.set('an empty signature field appended', {
      pdf: appendEmptySignatureField(three.pdf),
      verdict: 'valid_unregistered',
      signatures: 4,
      after: 'harmless',
    });
    corpus.set('one more signature by the signing service', {
      pdf: await signAgain(three.pdf),
      verdict: 'valid_unregistered',
      signatures: 5,
      after: 'none',
    });
    corpus.set('a signature by a certificate outside the trust anchors', {
      pdf: await foreign.sign(one.pdf, 'Firmante Externo'),
      verdict: 'untrusted',
      signatures: 3,
      after: 'none',
    });
    const threeFile = await saveTemp(three.pdf, 'three.pdf');
    const stamped = await run('pyhanko', [
      'sign',
      'timestamp',
      '--timestamp-url',
      foreign.tsaUrl,
      '--trust',
      foreign.pki.caCertPath,
      '--trust-replace',
      threeFile,
      `${threeFile}.dts.pdf`,
    ]);
    assert.equal(stamped.code, 0, stamped.stderr);
    corpus.set('a document time-stamp added by pyHanko', {
      pdf: await readFile(`${threeFile}.dts.pdf`),
      verdict: 'valid_unregistered',
      signatures: 5,
      after: 'harmless',
      trustForeign: true,
    });
    corpus.set('no signatures', {
      pdf: await letterPdf('Sin firmas'),
      verdict: 'unsigned',
      signatures: 0,
      after: 'none',
    });
  });

  after(async () => {
    await foreign?.close();
  });

  it('reports every corpus file as pyHanko does, signature by signature', async () => {
    const caPath = getStack().pki.caCertPath;
    const bothRoots = await saveTemp(
      Buffer.concat([await readFile(caPath), await readFile(foreign!.pki.caCertPath)]),
      'roots.pem',
    );
    for (const [name, expected] of corpus) {
      const trust = expected.trustForeign
        ? anchors.with(TrustAnchors.fromPemFiles([foreign!.pki.caCertPath]))
        : anchors;
      const report = validatePdf(expected.pdf, { anchors: trust });
      assert.equal(report.signatures.length, expected.signatures, `${name}: signatures`);
      assert.equal(
        verdictOf(report, null),
        expected.verdict,
        `${name}: verdict (${JSON.stringify(report.signatures.map((s) => s.problems))} ${report.modificationReasons})`,
      );
      assert.equal(report.afterLastSignature, expected.after, `${name}: after the last signature`);

      const py = await pyhankoValidate(
        await saveTemp(expected.pdf, 'corpus.pdf'),
        expected.trustForeign ? bothRoots : caPath,
      );
      // pyHanko's summary lists signatures, not document time-stamps.
      const signatures = report.signatures.filter((s) => s.kind === 'signature');
      assert.equal(
        py.fields.size,
        signatures.length,
        `${name}: pyHanko found ${py.fields.size} signatures\n${py.output}`,
      );
      for (const s of signatures) {
        const summary = py.fields.get(s.fieldName);
        assert.ok(summary, `${name}: pyHanko reports ${s.fieldName}`);
        const theirs = pyhankoView(summary);
        const ours = engineView(s, report);
        if (!theirs.intact) {
          assert.equal(ours.intact, false, `${name} ${s.fieldName}: pyHanko says ${summary}`);
          continue;
        }
        assert.deepEqual(
          ours,
          theirs,
          `${name} ${s.fieldName}: pyHanko says ${summary}; engine problems ${s.problems.join('; ')}`,
        );
      }
      const timestamps = report.signatures.filter((s) => s.kind === 'timestamp');
      // A flipped byte is under the archive time-stamp too: there it must fail like the signatures.
      const hold = timestamps.every(
        (t) => t.signatureValid && t.digestValid && t.trusted && t.timestamp === null && t.signingTime,
      );
      assert.equal(hold, expected.verdict !== 'invalid_signature', `${name}: document time-stamps hold`);
    }
  });

  it('names the signer, its issuer, /M and the time-stamp of each signature', () => {
    const report = validatePdf(corpus.get('official, 3 signatures')!.pdf, { anchors });
    assert.deepEqual(
      report.signatures.map((s) => s.fieldName),
      ['Firma1', 'Firma2', 'Firma3', 'SelloTiempo1'],
    );
    const signatures = report.signatures.filter((s) => s.kind === 'signature');
    for (const s of signatures) {
      assert.match(s.signerSubject!, /^CN=Municipio demo/);
      assert.match(s.signerIssuer!, /^CN=expediente Dev Signing CA/);
      assert.ok(s.signingTime && s.timestamp?.time);
      assert.ok(
        Math.abs(Date.parse(s.signingTime) - Date.parse(s.timestamp.time)) < 60_000,
        'signing time and time-stamp agree',
      );
      assert.match(s.timestamp.authority!, /Time-Stamping Authority/);
    }
    const revisions = report.signatures.map((s) => s.revision!);
    assert.ok(
      revisions.every((r, i) => r > (revisions[i - 1] ?? 1)),
      `each signature closes its own revision, in order: ${revisions}`,
    );
    assert.equal(report.signatures[3]!.kind, 'timestamp', 'the archive time-stamp comes after the signatures');
    const foreignReport = validatePdf(corpus.get('a signature by a certificate outside the trust anchors')!.pdf, {
      anchors,
    });
    assert.deepEqual(
      foreignReport.signatures.map((s) => s.trusted),
      [true, true, false],
    );
    assert.match(foreignReport.signatures[2]!.problems.join(), /does not chain to a trusted root/);
  });

  it('extending the document security store is harmless; an object the document uses elsewhere stays protected', () => {
    const three = corpus.get('official, 3 signatures')!.pdf;
    const reader = new PdfReader(three);
    const root = reader.resolveDict(reader.trailer.get('Root'))!;
    const dssRef = root.get('DSS');
    assert.ok(dssRef instanceof PdfRef, 'a B-LTA file keeps its /DSS as an indirect dictionary');
    const form = root.get('AcroForm');
    assert.ok(form instanceof PdfRef, 'signed documents carry an indirect /AcroForm');

    // Update 1: the store gains a /VRI entry — and that entry is the document's form dictionary.
    const first = new IncrementalUpdate(reader);
    const dss = (reader.resolveDict(dssRef) as PdfDict).clone();
    const vri = (reader.resolveDict(dss.get('VRI')) ?? dict({})).clone();
    vri.set('AB'.repeat(20), form);
    dss.set('VRI', vri);
    first.set(dssRef, dss);
    const extended = Buffer.concat([three, first.build().bytes]);
    const afterFirst = validatePdf(extended, { anchors });
    assert.equal(afterFirst.afterLastSignature, 'harmless', afterFirst.modificationReasons.join('; '));
    assert.equal(verdictOf(afterFirst, null), 'valid_unregistered');

    // Update 2: the form gains calculation scripts. Being listed under /VRI does not make that harmless.
    const extendedReader = new PdfReader(extended);
    const second = new IncrementalUpdate(extendedReader);
    const changed = (extendedReader.resolveDict(form) as PdfDict).clone();
    changed.set('CO', [name('Calculo')]);
    second.set(form, changed);
    const tampered = validatePdf(Buffer.concat([extended, second.build().bytes]), { anchors });
    assert.equal(tampered.afterLastSignature, 'modification');
    assert.equal(verdictOf(tampered, null), 'modified');
  });

  it('refuses what is not a PDF or is over 10 MB, with the signing service codes', () => {
    const refusal = (bytes: Buffer) => {
      try {
        validatePdf(bytes, { anchors });
      } catch (err) {
        assert.ok(err instanceof VerificationInputError);
        return err.code;
      }
      return 'accepted';
    };
    assert.equal(refusal(Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)), 'FILE_TOO_LARGE');
    assert.equal(refusal(Buffer.from('hola')), 'INVALID_PDF_FORMAT');
    assert.equal(refusal(Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF')), 'INVALID_PDF_FILE');
    assert.equal(refusal(corpus.get('official, 1 signature')!.pdf.subarray(0, 5000)), 'INVALID_PDF_FILE');
    let many = corpus.get('official, 1 signature')!.pdf;
    for (let i = 0; i <= MAX_REVISIONS; i++) {
      const update = new IncrementalUpdate(new PdfReader(many));
      update.add(i);
      many = Buffer.concat([many, update.build().bytes]);
    }
    assert.equal(refusal(many), 'INVALID_PDF_FILE', 'more revisions than the engine compares');
  });
});
