/**
 * Official PDFs against veraPDF's PDF/UA-1 profile (ISO 14289-1, the Matterhorn checks a machine
 * can make). The file the platform renders — the first revision of every official PDF, before any
 * signature — passes every rule. Each signature then adds a signature field whose block the
 * signing service does not enter in the structure tree; the rule those blocks break is listed
 * here with the reason, and nothing else may fail: the blocks' fonts are embedded subsets, so no
 * font rule (7.21) fails. Slow: veraPDF starts a JVM for each file.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { saveTemp } from '../signer/support/tools.js';
import { officialDocument } from './support/corpus.js';

const VERAPDF = path.resolve('.tools/verapdf/verapdf');

/**
 * What the signing service's blocks break, by rule (clause-test). It adds each signature (and the
 * stamp) as a field in an incremental update the signature itself covers: entering the widget in
 * the structure tree would mean rewriting the tree after the first signature, which validators'
 * difference analysis counts as a change to a signed document.
 */
const SIGNATURE_BLOCK_RULES: Record<string, string> = {
  '7.18.4-1': 'a signature or stamp widget is not nested in a Form structure element',
};

interface RuleFailure {
  rule: string;
  failedChecks: number;
  description: string;
}

async function pdfUaFailures(pdf: Buffer): Promise<{ compliant: boolean; failures: RuleFailure[] }> {
  const file = await saveTemp(pdf);
  // veraPDF exits 1 when the file is not compliant; the report is on stdout either way.
  const out = await promisify(execFile)(
    VERAPDF,
    ['-f', 'ua1', '--format', 'json', '--maxfailuresdisplayed', '1', file],
    { maxBuffer: 64 << 20 },
  )
    .then((r) => r.stdout)
    .catch((e: { stdout?: string }) => e.stdout ?? '');
  const report = JSON.parse(out) as {
    report: {
      jobs: {
        validationResult: {
          compliant: boolean;
          details: {
            ruleSummaries: { clause: string; testNumber: number; failedChecks: number; description: string }[];
          };
        }[];
      }[];
    };
  };
  const result = report.report.jobs[0]!.validationResult[0]!;
  return {
    compliant: result.compliant,
    failures: result.details.ruleSummaries.map((r) => ({
      rule: `${r.clause}-${r.testNumber}`,
      failedChecks: r.failedChecks,
      description: r.description,
    })),
  };
}

/** The file as the platform stored it before the first signature: up to its first %%EOF. */
function firstRevision(pdf: Buffer): Buffer {
  const end = pdf.indexOf('%%EOF', 0, 'latin1');
  assert.ok(end > 0);
  return pdf.subarray(0, end + 5);
}

describe('official PDFs: PDF/UA-1 by veraPDF', function () {
  this.timeout(240_000);

  before(function () {
    if (!existsSync(VERAPDF)) this.skip(); // npm run setup:tools installs it (Java and Maven)
  });

  it("the rendered document passes every rule; signed, only the signature blocks' rules fail", async () => {
    const official = await officialDocument(
      ['directora-obras', 'intendente'],
      'Inspección de obra en calle Güemes 1234',
    );

    const rendered = await pdfUaFailures(firstRevision(official.pdf));
    assert.deepEqual(rendered.failures, [], 'the rendered PDF passes PDF/UA-1');
    assert.equal(rendered.compliant, true);

    const signed = await pdfUaFailures(official.pdf);
    for (const f of signed.failures)
      console.log(
        `      PDF/UA-1 ${f.rule} fails ${f.failedChecks}× on the signed PDF: ${SIGNATURE_BLOCK_RULES[f.rule] ?? f.description}`,
      );
    const unexplained = signed.failures.filter((f) => !(f.rule in SIGNATURE_BLOCK_RULES));
    assert.deepEqual(unexplained, [], 'nothing but the signature blocks fails');
  });
});
