/**
 * Fifty years of archive renewals: an official document renewed once a year, each time by the
 * next certificate of the time-stamping authority (one generation a year, each expiring a year
 * after the one before), must still be verified by the platform's engine — every signature and
 * every document time-stamp intact and trusted, nothing but signatures and validation data after
 * the first signature, and within the engine's revision limit (MAX_REVISIONS).
 *
 * The renewals are the signer's own (appendArchiveTimestamp with fresh validation data, as
 * POST /timestamp-pdf does), run in this process against development authorities of the stack's
 * root, so fifty take seconds rather than fifty HTTP round trips with uploads of a growing file.
 */
import assert from 'node:assert/strict';
import { archiveHorizon, improves } from '../../domain/archive/horizon.js';
import { validatePdf } from '../../domain/verification/engine.js';
import { MAX_REVISIONS, revisionEnds } from '../../domain/verification/revisions.js';
import { TrustAnchors } from '../../domain/verification/trust.js';
import { verdictOf } from '../../domain/verification/verdict.js';
import { getStack } from '../support/hooks.js';
import { officialDocument } from '../verification/support/corpus.js';
import { authorityUntil, inProcessRenewer } from './support/authorities.js';

const YEAR = 365 * 24 * 3600 * 1000;
const YEARS = 50;

describe('archive renewal: 50 yearly renewals stay verifiable by the platform', function () {
  this.timeout(300_000);

  it('a 2-signer official document after 50 yearly renewals: every signature and time-stamp verified, within MAX_REVISIONS', async () => {
    const stack = getStack();
    const doc = await officialDocument(['directora-obras', 'intendente'], 'Informe para cincuenta años');
    const first = archiveHorizon(doc.pdf);
    const renewer = inProcessRenewer();
    let pdf = doc.pdf;
    const started = Date.now();
    try {
      for (let year = 1; year <= YEARS; year++) {
        // This year's authority certificate expires a year after last year's: a renewal improves on it.
        const authority = await authorityUntil(stack.pki, new Date(first.validUntil!.getTime() + year * YEAR));
        try {
          const renewed = await renewer.renew(pdf, authority.url);
          assert.ok(renewed.subarray(0, pdf.length).equals(pdf), `renewal ${year} is an incremental update`);
          assert.ok(improves(archiveHorizon(renewed), archiveHorizon(pdf)), `renewal ${year} holds longer`);
          pdf = renewed;
        } finally {
          await authority.close();
        }
      }
    } finally {
      await renewer.close();
    }
    const built = Date.now() - started;

    const revisions = revisionEnds(pdf).length;
    const anchors = TrustAnchors.fromPemFiles([stack.pki.caCertPath]);
    const checkStarted = process.hrtime.bigint();
    const report = validatePdf(pdf, { anchors });
    const checkMs = Number(process.hrtime.bigint() - checkStarted) / 1e6;
    console.log(
      `      ${YEARS} renewals built in ${(built / 1000).toFixed(1)} s; ${revisions} revisions (MAX_REVISIONS ${MAX_REVISIONS}), ` +
        `${(pdf.length / 1024 / 1024).toFixed(2)} MiB (official file ${(doc.pdf.length / 1024).toFixed(0)} KiB); validatePdf ${checkMs.toFixed(0)} ms`,
    );

    assert.ok(revisions <= MAX_REVISIONS, `${revisions} revisions`);
    // Each renewal adds its own time-stamp and the data of the one before it, not data for every
    // earlier time-stamp again: the file grows linearly (about 12 KiB a year here).
    const perRenewal = (pdf.length - doc.pdf.length) / YEARS;
    assert.ok(perRenewal < 20 * 1024, `${(perRenewal / 1024).toFixed(1)} KiB per renewal`);
    assert.equal(report.revisions, revisions);
    const signatures = report.signatures.filter((s) => s.kind === 'signature');
    const stamps = report.signatures.filter((s) => s.kind === 'timestamp');
    assert.equal(signatures.length, 2);
    assert.equal(stamps.length, 1 + YEARS);
    for (const s of report.signatures) {
      assert.ok(
        s.signatureValid && s.digestValid && s.coversRevision && s.trusted && !s.modifiedAfter,
        `${s.fieldName}: ${s.problems.join('; ')}`,
      );
      assert.ok(s.timestamp === null || (s.timestamp.valid && s.timestamp.trusted), `${s.fieldName}: its time-stamp`);
    }
    assert.equal(report.afterLastSignature, 'harmless', 'after the last time-stamp: its validation data');
    assert.deepEqual(report.modificationReasons, []);
    assert.equal(
      verdictOf(report, null),
      'valid_unregistered',
      'every signature holds (the register is not asked here)',
    );
  });
});
