import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync } from 'node:crypto';
import type { RunningSigner } from '../../signer/server.js';
import {
  complete,
  issuePerson,
  prepare,
  sha256,
  signAsPerson,
  signHash,
  signersAndDss,
  toPem,
  type Person,
} from './support/hash-signing.js';
import { devPki, startSigner } from './support/service.js';
import { fields, sign } from './support/http.js';
import { letterPdf } from './support/pdfs.js';
import { cmsDetails, pdfsig, pyhankoAccepts, pyhankoValidate, qpdfCheck, saveTemp } from './support/tools.js';

const OID = {
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
};

const digestOf = (res: { headers: Headers }) => Buffer.from(res.headers.get('x-data-to-sign-digest')!, 'base64');

describe('signer: hash signing (POST /sign-pdf/prepare and /sign-pdf/complete), the key held elsewhere', function () {
  this.timeout(60_000);
  let signer: RunningSigner;
  /** A second process of the service: nothing is kept between prepare and complete. */
  let other: RunningSigner;
  let person: Person;
  let caCertPath: string;

  before(async () => {
    [signer, other, person] = await Promise.all([startSigner(), startSigner(), issuePerson()]);
    caCertPath = (await devPki()).caCertPath;
  });

  it('prepare answers the document with an empty hole and the digest to sign; complete on another process embeds a signature pdfsig and pyHanko accept', async () => {
    const input = await letterPdf();
    const prepared = await prepare(signer.url, input, person, { pades_level: 'B-T' });
    assert.equal(prepared.status, 200, prepared.bytes.toString('utf8').slice(0, 300));
    assert.equal(prepared.headers.get('content-type'), 'application/pdf');
    assert.equal(prepared.headers.get('x-hash-algorithm-oid'), '2.16.840.1.101.3.4.2.1');
    assert.equal(prepared.headers.get('x-signature-field'), 'Firma1');
    assert.match(prepared.headers.get('x-signing-time')!, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    assert.ok(Math.abs(Date.parse(prepared.headers.get('x-signing-time')!) - Date.now()) < 60_000);
    assert.equal(digestOf(prepared).length, 32);
    assert.ok(prepared.bytes.subarray(0, input.length).equals(input), 'incremental: the original bytes stay');
    assert.match(prepared.bytes.toString('latin1'), /\/Contents <0{2000,}>/, 'an empty hole');

    const res = await complete(other.url, prepared.bytes, signHash(person.key, digestOf(prepared)), person, {
      pades_level: 'B-T',
    });
    assert.equal(res.status, 200, res.bytes.toString('utf8').slice(0, 300));
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.equal(res.headers.get('x-signature-type'), 'pades');
    assert.equal(res.headers.get('content-disposition'), 'attachment; filename="documento.pdf"');
    assert.equal(res.bytes.length, prepared.bytes.length, 'B-T: the hole is filled in place');
    const file = await saveTemp(res.bytes, 'hash-b-t.pdf');
    const poppler = (await pdfsig(file)).filter((e) => e.signed);
    assert.deepEqual(
      poppler.map((e) => [e.field, e.valid]),
      [['Firma1', true]],
    );
    const py = await pyhankoValidate(file, caCertPath);
    assert.ok(pyhankoAccepts(py.fields.get('Firma1')), py.output);
    assert.ok((await qpdfCheck(file)).ok);

    // The CMS: the person's certificate signs, content-type, message-digest and ESS v2, no
    // signing-time, the signature time-stamp as unsigned attribute.
    const [cms] = await cmsDetails(file);
    assert.deepEqual(
      [...cms!.signed_attrs].sort(),
      [OID.contentType, OID.messageDigest, OID.signingCertificateV2].sort(),
    );
    assert.ok(!cms!.signed_attrs.includes(OID.signingTime));
    assert.deepEqual(cms!.unsigned_attrs, [OID.signatureTimeStampToken]);
    assert.equal(cms!.certificates.length, person.chain.length);
    const { signatures } = await signersAndDss(file);
    assert.deepEqual(signatures, [{ field: 'Firma1', signer: sha256(person.chain[0]!) }]);
  });

  it('a signature value by another key, or over other bytes, is 422 SIGNATURE_MISMATCH; a tampered or extended prepared PDF is refused', async () => {
    const prepared = await prepare(signer.url, await letterPdf(), person, { pades_level: 'B-T' });
    assert.equal(prepared.status, 200);
    const digest = digestOf(prepared);
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const byStranger = await complete(signer.url, prepared.bytes, signHash(stranger, digest), person);
    assert.equal(byStranger.status, 422);
    assert.equal(byStranger.json.code, 'SIGNATURE_MISMATCH');
    assert.match(byStranger.json.message, /does not verify/);

    const otherBytes = await complete(
      signer.url,
      prepared.bytes,
      signHash(person.key, createHash('sha256').update('otro').digest()),
      person,
    );
    assert.equal(otherBytes.json.code, 'SIGNATURE_MISMATCH');

    // One byte of the document changed after prepare (its page width, 612 → 613): the signature,
    // made over the original bytes, no longer matches them.
    const tampered = Buffer.from(prepared.bytes);
    const at = tampered.indexOf(' 612 ');
    assert.ok(at > 0);
    tampered[at + 3] = '3'.charCodeAt(0);
    const onTampered = await complete(signer.url, tampered, signHash(person.key, digest), person);
    assert.equal(onTampered.status, 422);
    assert.equal(onTampered.json.code, 'SIGNATURE_MISMATCH');

    // Bytes appended after prepare: the hole no longer ends the document.
    const extended = Buffer.concat([prepared.bytes, Buffer.from('\n% appended\n')]);
    const onExtended = await complete(signer.url, extended, signHash(person.key, digest), person);
    assert.equal(onExtended.status, 422);
    assert.equal(onExtended.json.code, 'INVALID_PREPARED_PDF');

    // A document that was never prepared.
    const plain = await complete(signer.url, await letterPdf(), signHash(person.key, digest), person);
    assert.equal(plain.status, 422);
    assert.equal(plain.json.code, 'INVALID_PREPARED_PDF');

    // The right value, then the same file again: its hole is filled.
    const done = await complete(signer.url, prepared.bytes, signHash(person.key, digest), person, {
      pades_level: 'B-T',
    });
    assert.equal(done.status, 200, done.bytes.toString('utf8').slice(0, 300));
    const again = await complete(signer.url, done.bytes, signHash(person.key, digest), person, { pades_level: 'B-T' });
    assert.equal(again.status, 409);
    assert.equal(again.json.code, 'SIGNATURE_ALREADY_PRESENT');
  });

  it('bad requests are clear 4xx: the chain (missing, not PEM, out of order, a CA, expired), the signature value, the file', async () => {
    const pdf = await letterPdf();
    const refused = async (
      res: Promise<{ status: number; json: any }>,
      status: number,
      code: string,
      message?: RegExp,
    ) => {
      const r = await res;
      assert.equal(r.status, status, JSON.stringify(r.json));
      assert.equal(r.json.code, code, r.json.message);
      if (message) assert.match(r.json.message, message);
    };
    await refused(prepare(signer.url, pdf, { pem: '' }), 400, 'INVALID_PARAMETERS', /signer_certificates is required/);
    await refused(prepare(signer.url, pdf, { pem: 'not a certificate' }), 400, 'INVALID_PARAMETERS', /PEM/);
    await refused(
      prepare(signer.url, pdf, { pem: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n' }),
      400,
      'INVALID_SIGNER_CERTIFICATE',
      /cannot be read/,
    );
    await refused(
      prepare(signer.url, pdf, { pem: toPem([...person.chain].reverse()) }),
      400,
      'INVALID_SIGNER_CERTIFICATE',
      /did not issue/,
    );
    await refused(
      prepare(signer.url, pdf, { pem: toPem(person.chain.slice(1)) }),
      400,
      'INVALID_SIGNER_CERTIFICATE',
      /key usage/,
    );
    const expired = await issuePerson({
      notBefore: new Date(Date.now() - 86_400_000 * 2),
      notAfter: new Date(Date.now() - 86_400_000),
    });
    await refused(prepare(signer.url, pdf, expired), 400, 'INVALID_SIGNER_CERTIFICATE', /expired/);
    await refused(prepare(signer.url, pdf, person, { use_pades: 'false' }), 400, 'INVALID_PARAMETERS', /always PAdES/);
    // /sign-pdf's order: the tenant, then the PDF, then the parameters.
    await refused(prepare(signer.url, Buffer.from('no es un PDF'), { pem: '' }), 400, 'INVALID_PDF_FORMAT');
    await refused(prepare(signer.url, pdf, { pem: '' }, { tenant_id: 'Demo/..' }), 400, 'INVALID_TENANT_ID');
    await refused(prepare(signer.url, await letterPdf({ markerY: null }), person), 400, 'LayoutError');

    const prepared = await prepare(signer.url, pdf, person, { pades_level: 'B-T' });
    await refused(complete(signer.url, prepared.bytes, 'no*base64', person), 400, 'INVALID_PARAMETERS', /base64/);
    await refused(complete(signer.url, prepared.bytes, '', person), 400, 'INVALID_PARAMETERS', /signature is required/);
    await refused(
      complete(signer.url, prepared.bytes, signHash(person.key, digestOf(prepared)), { pem: '' }),
      400,
      'INVALID_PARAMETERS',
      /signer_certificates/,
    );
    await refused(
      complete(signer.url, prepared.bytes, signHash(person.key, digestOf(prepared)), person, { pades_level: 'B-X' }),
      400,
      'INVALID_PARAMETERS',
      /pades_level/,
    );
    await refused(
      complete(signer.url, Buffer.from('%PDF-1.7 roto'), signHash(person.key, digestOf(prepared)), person),
      400,
      'INVALID_PDF_FILE',
    );
    await refused(
      complete(signer.url, prepared.bytes, signHash(person.key, digestOf(prepared)), person, { tenant_id: '../x' }),
      400,
      'INVALID_TENANT_ID',
    );
  });

  it('a common signer then the numerator with the stamp, by hash; then the seal: every signature valid, each by its own certificate', async () => {
    const numerator = await issuePerson();
    const first = await signAsPerson(signer.url, await letterPdf(), person, { pades_level: 'B-T' });
    assert.equal(first.status, 200, first.bytes.toString('utf8').slice(0, 300));
    const second = await signAsPerson(other.url, first.bytes, numerator, {
      pades_level: 'B-T',
      document_number: 'IF-2026-00000077-MVE-DOP',
      city: 'Villa Esperanza',
    });
    assert.equal(second.status, 200, second.bytes.toString('utf8').slice(0, 300));
    const sealed = await sign(signer.url, { pdf: second.bytes, fields: fields({ pades_level: 'B-T' }) });
    assert.equal(sealed.status, 200, sealed.bytes.toString('utf8').slice(0, 300));
    const file = await saveTemp(sealed.bytes, 'hash-then-seal.pdf');
    const poppler = (await pdfsig(file)).filter((e) => e.signed);
    assert.deepEqual(
      poppler.map((e) => [e.field, e.valid]),
      [
        ['Firma1', true],
        ['Firma2', true],
        ['Firma3', true],
      ],
    );
    const py = await pyhankoValidate(file, caCertPath);
    for (const field of ['Firma1', 'Firma2', 'Firma3'])
      assert.ok(pyhankoAccepts(py.fields.get(field)), `${field}: ${py.output}`);
    const { signatures } = await signersAndDss(file);
    const seal = (await cmsDetails(file))[2]!;
    assert.deepEqual(signatures.slice(0, 2), [
      { field: 'Firma1', signer: sha256(person.chain[0]!) },
      { field: 'Firma2', signer: sha256(numerator.chain[0]!) },
    ]);
    assert.notEqual(signatures[2]!.signer, signatures[0]!.signer);
    assert.match(seal.certificates[0]!, /demo/i);
  });

  it('the seal first, then a signature by hash: both valid', async () => {
    const sealed = await sign(signer.url, {
      pdf: await letterPdf(),
      fields: fields({ pades_level: 'B-T', document_number: 'IF-2026-00000078-MVE-DOP', city: 'Villa Esperanza' }),
    });
    assert.equal(sealed.status, 200);
    const res = await signAsPerson(signer.url, sealed.bytes, person, { pades_level: 'B-T' });
    assert.equal(res.status, 200, res.bytes.toString('utf8').slice(0, 300));
    const file = await saveTemp(res.bytes, 'seal-then-hash.pdf');
    const py = await pyhankoValidate(file, caCertPath);
    for (const field of ['Firma1', 'Firma2']) assert.ok(pyhankoAccepts(py.fields.get(field)), `${field}: ${py.output}`);
    assert.deepEqual((await signersAndDss(file)).signatures[1], { field: 'Firma2', signer: sha256(person.chain[0]!) });
  });
});
