import assert from 'node:assert/strict';
import type { RunningSigner } from '../../signer/server.js';
import {
  complete,
  issuePerson,
  prepare,
  revokePerson,
  sha256,
  signAsPerson,
  signHash,
  signersAndDss,
  type Person,
} from './support/hash-signing.js';
import { fields, sign } from './support/http.js';
import { letterPdf } from './support/pdfs.js';
import { devPki, startSigner } from './support/service.js';
import {
  dssAvailable,
  dssContents,
  dssValidate,
  pdfsig,
  pyhankoValidateWithRevocation,
  qpdfFields,
  saveTemp,
} from './support/tools.js';

describe("signer: hash signing at B-LT and B-LTA (validation data of the signer's own chain), and a revoked signer", function () {
  this.timeout(120_000);
  let signer: RunningSigner;
  let person: Person;
  let caCertPath: string;

  before(async () => {
    [signer, person] = await Promise.all([startSigner(), issuePerson()]);
    caCertPath = (await devPki()).caCertPath;
  });

  it("B-LT: the /DSS holds the person's chain, its revocation data and the VRI of the signature; pyHanko with revocation required: trusted", async () => {
    const res = await signAsPerson(signer.url, await letterPdf(), person, { pades_level: 'B-LT' });
    assert.equal(res.status, 200, res.bytes.toString('utf8').slice(0, 300));
    const file = await saveTemp(res.bytes, 'hash-b-lt.pdf');
    const dss = await dssContents(file);
    assert.equal(dss.vri.length, 1);
    // The person's leaf and signing CA have OCSP answers (the root needs none); the TSA's certificate one more.
    assert.ok(dss.ocsps + dss.crls >= 3, JSON.stringify(dss));
    const { signatures, dssCerts } = await signersAndDss(file);
    assert.deepEqual(signatures, [{ field: 'Firma1', signer: sha256(person.chain[0]!) }]);
    for (const der of person.chain)
      assert.ok(dssCerts.includes(sha256(der)), 'every certificate of the chain is in the /DSS');
    const py = await pyhankoValidateWithRevocation(file, caCertPath);
    assert.equal(py.code, 0, py.output);
    assert.match(py.fields.get('Firma1') ?? '', /^INTACT:TRUSTED,TIMESTAMP_TOKEN<INTACT:TRUSTED>/, py.output);
  });

  it('B-LTA, a person and then the seal: each with its document time-stamp; pyHanko trusted; EU DSS PAdES-BASELINE-LTA, TOTAL_PASSED for both', async () => {
    const first = await signAsPerson(signer.url, await letterPdf(), person, { pades_level: 'B-LTA' });
    assert.equal(first.status, 200, first.bytes.toString('utf8').slice(0, 300));
    const sealed = await sign(signer.url, {
      pdf: first.bytes,
      fields: fields({ pades_level: 'B-LTA', document_number: 'IF-2026-00000079-MVE-DOP', city: 'Villa Esperanza' }),
    });
    assert.equal(sealed.status, 200, sealed.bytes.toString('utf8').slice(0, 300));
    const file = await saveTemp(sealed.bytes, 'hash-b-lta.pdf');
    const stamps = (await qpdfFields(file)).filter((f) => f.name.startsWith('SelloTiempo'));
    assert.equal(stamps.length, 2);
    for (const s of stamps) assert.equal(s.sig?.['/SubFilter'], '/ETSI.RFC3161');
    assert.deepEqual(
      (await pdfsig(file)).filter((e) => e.signed && e.field.startsWith('Firma')).map((e) => [e.field, e.valid]),
      [
        ['Firma1', true],
        ['Firma2', true],
      ],
    );
    const py = await pyhankoValidateWithRevocation(file, caCertPath);
    assert.equal(py.code, 0, py.output);
    for (const field of ['Firma1', 'Firma2'])
      assert.match(py.fields.get(field) ?? '', /^INTACT:TRUSTED,TIMESTAMP_TOKEN<INTACT:TRUSTED>/, py.output);
    if (!dssAvailable()) {
      console.log(
        '      EU DSS validator not built (needs Java 17 and Maven; run npm run setup:tools): its verdict skipped',
      );
      return;
    }
    const verdicts = (await dssValidate(file, caCertPath)).filter((v) => v.kind === 'signature');
    assert.deepEqual(
      verdicts.map((v) => `${v.level} ${v.indication}`),
      ['PAdES-BASELINE-LTA TOTAL_PASSED', 'PAdES-BASELINE-LTA TOTAL_PASSED'],
      JSON.stringify(verdicts),
    );
  });

  it('a revoked signer: prepare at B-LT refuses with CERTIFICATE_REVOKED; revoked between prepare and complete, complete refuses too', async () => {
    const revoked = await issuePerson();
    const later = await issuePerson();
    const prepared = await prepare(signer.url, await letterPdf(), later, { pades_level: 'B-LT' });
    assert.equal(prepared.status, 200, prepared.bytes.toString('utf8').slice(0, 300));
    for (const p of [revoked, later]) await revokePerson(p);

    const refused = await prepare(signer.url, await letterPdf(), revoked, { pades_level: 'B-LT' });
    assert.equal(refused.status, 400, JSON.stringify(refused.json));
    assert.equal(refused.json.code, 'CERTIFICATE_REVOKED');
    assert.match(
      refused.json.message,
      new RegExp(
        `the signer's certificate ".*CN=${revoked.fullName}, .*" \\(serial ${revoked.serial}\\) cannot sign: .*revoked on .*; the document was not signed`,
      ),
    );

    // Another process of the service, whose revocation answers are not the ones cached before.
    const fresh = await startSigner({ REVOCATION_CACHE_MS: '0' });
    const digest = Buffer.from(prepared.headers.get('x-data-to-sign-digest')!, 'base64');
    const res = await complete(fresh.url, prepared.bytes, signHash(later.key, digest), later, { pades_level: 'B-LT' });
    assert.equal(res.status, 400, JSON.stringify(res.json));
    assert.equal(res.json.code, 'CERTIFICATE_REVOKED');
  });
});
