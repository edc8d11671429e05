import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunningSigner } from '../../signer/server.js';
import { call, fields, sign, type SignerResponse } from './support/http.js';
import { letterPdf } from './support/pdfs.js';
import { devPki, startSigner, tempDir } from './support/service.js';
import {
  cmsDetails,
  opensslVerifyToken,
  pdfsig,
  pdftotext,
  pyhankoAccepts,
  pyhankoValidate,
  qpdfCheck,
  qpdfFields,
  run,
  saveTemp,
  type CmsDetails,
} from './support/tools.js';

const OID = {
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
};
const DATE_TIME_WITH_OFFSET = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{2}:\d{2}/;

describe('signer: a PAdES-B-T signature, checked by independent validators', () => {
  let signer: RunningSigner;
  let input: Buffer;
  let res: SignerResponse;
  let file: string;
  let cmsCache: Promise<CmsDetails[]> | undefined;
  const cms = () => (cmsCache ??= cmsDetails(file));

  before(async () => {
    signer = await startSigner();
    input = await letterPdf({ pages: 2 });
    res = await sign(signer.url, {
      pdf: input,
      filename: 'resolución.pdf',
      fields: fields({ document_number: 'IF-2026-00000042-MVE-DOP', city: 'Villa Esperanza', stamp_position: 'first' }),
    });
    assert.equal(res.status, 200, res.bytes.toString('utf8').slice(0, 300));
    file = await saveTemp(res.bytes, 'pades.pdf');
  });

  it('answers the signed PDF with the spec headers (file named after the document number)', () => {
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.equal(res.headers.get('x-signature-type'), 'pades');
    assert.equal(res.headers.get('content-disposition'), 'attachment; filename="IF-2026-00000042-MVE-DOP.pdf"');
    assert.equal(Number(res.headers.get('content-length')), res.bytes.length);
  });

  it('appends to the original bytes without changing them (incremental update)', () => {
    assert.ok(res.bytes.length > input.length);
    assert.ok(res.bytes.subarray(0, input.length).equals(input));
  });

  it('pdfsig: one valid ETSI.CAdES.detached signature', async () => {
    const signed = (await pdfsig(file)).filter((s) => s.signed);
    assert.equal(signed.length, 1);
    assert.equal(signed[0]!.type, 'ETSI.CAdES.detached');
    assert.ok(signed[0]!.valid);
  });

  it('qpdf --check finds no damage', async () => {
    const check = await qpdfCheck(file);
    assert.ok(check.ok, check.output);
  });

  it('pyHanko: intact, trusted through the embedded chain, with a trusted time-stamp', async () => {
    const pki = await devPki();
    const result = await pyhankoValidate(file, pki.caCertPath);
    assert.equal(result.code, 0, result.output);
    assert.equal(result.fields.size, 1);
    const summary = [...result.fields.values()][0];
    assert.ok(pyhankoAccepts(summary), result.output);
    assert.match(summary!, /UNTOUCHED/);
  });

  it('CMS: content-type, message-digest, signing-certificate-v2 and no signing-time; SHA-256; chain embedded', async () => {
    const [details] = await cms();
    assert.equal(details!.subfilter, '/ETSI.CAdES.detached');
    assert.deepEqual(
      [...details!.signed_attrs].sort(),
      [OID.contentType, OID.messageDigest, OID.signingCertificateV2].sort(),
    );
    assert.ok(!details!.signed_attrs.includes(OID.signingTime));
    assert.deepEqual(details!.unsigned_attrs, [OID.signatureTimeStampToken]);
    assert.equal(details!.digest_algorithm, 'sha256');
    // Signer, intermediate CA and root: a validator holding only the root can build the path.
    assert.equal(details!.certificates.length, 3);
    assert.ok(details!.certificates.some((c) => c.includes('Signing CA')));
    // The signing time is in the signature dictionary instead, with its offset.
    assert.match(details!.m ?? '', /^D:\d{14}[+-]\d{2}'\d{2}'$/);
  });

  it('openssl ts -verify: the time-stamp token covers the signature value and chains to the dev CA', async () => {
    const pki = await devPki();
    const [details] = await cms();
    const verify = await opensslVerifyToken(details!.token!, details!.signature_sha256, pki.caCertPath);
    assert.match(verify.stdout, /Verification: OK/, verify.stdout + verify.stderr);
    // A digest of anything else must not verify (the check above is not vacuous).
    const other = await opensslVerifyToken(details!.token!, '00'.repeat(32), pki.caCertPath);
    assert.doesNotMatch(other.stdout, /Verification: OK/);
  });

  it('shows the signer block on the last page and the stamp on the first', async () => {
    const last = await pdftotext(file, 2);
    for (const text of [
      'Firmado digitalmente',
      'María José Núñez',
      'Directora General',
      'Dirección de Rentas',
      'Municipalidad de Villa Esperanza',
    ])
      assert.ok(last.includes(text), text);
    assert.match(last, DATE_TIME_WITH_OFFSET);
    const first = await pdftotext(file, 1);
    assert.ok(first.includes('IF-2026-00000042-MVE-DOP'));
    assert.match(
      first,
      /Villa Esperanza, \d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}/,
    );
    assert.ok(!first.includes('Firmado digitalmente'));
  });

  it('the stamp is its own read-only field, on the first page', async () => {
    const f = await qpdfFields(file);
    const signature = f.find((x) => x.signed)!;
    const stamp = f.find((x) => !x.signed)!;
    assert.equal(signature.page, 2);
    assert.equal(stamp.page, 1);
    assert.equal(stamp.fieldType, '/Sig');
    assert.equal(stamp.flags & 1, 1);
  });

  it('without document_number the file keeps its uploaded name (non-ASCII names get filename*)', async () => {
    const plain = await sign(signer.url, { pdf: input, filename: 'resolucion-12.pdf' });
    assert.equal(plain.headers.get('content-disposition'), 'attachment; filename="resolucion-12.pdf"');
    const accented = await sign(signer.url, { pdf: input, filename: 'resolución Nº 12.pdf' });
    assert.equal(
      accented.headers.get('content-disposition'),
      `attachment; filename="resolucion N_ 12.pdf"; filename*=UTF-8''${encodeURIComponent('resolución Nº 12.pdf')}`,
    );
  });

  it('a visual signature: same block without the digital line, no cryptographic signature', async () => {
    const visual = await sign(signer.url, { pdf: input, fields: fields({ use_pades: 'false' }) });
    assert.equal(visual.status, 200);
    assert.equal(visual.headers.get('x-signature-type'), 'visual');
    const out = await saveTemp(visual.bytes, 'visual.pdf');
    const sigs = await pdfsig(out);
    assert.equal(sigs.filter((s) => s.signed).length, 0);
    const text = await pdftotext(out, 2);
    assert.ok(text.includes('María José Núñez'));
    assert.match(text, DATE_TIME_WITH_OFFSET);
    assert.ok(!text.includes('Firmado digitalmente'));
    assert.ok((await qpdfCheck(out)).ok);
  });
});

describe('signer: credentials made by other tools', () => {
  it('signs with an EC key from a PKCS#12 written by OpenSSL 3 (AES-256/PBKDF2, SHA-256 MAC)', async () => {
    const pki = await devPki();
    const dir = await mkdtemp(path.join(await tempDir(), 'openssl-p12-'));
    const key = path.join(dir, 'ec.key');
    const csr = path.join(dir, 'ec.csr');
    const cert = path.join(dir, 'ec.pem');
    const ext = path.join(dir, 'ext.cnf');
    const chain = path.join(dir, 'chain.pem');
    await writeFile(ext, 'keyUsage=critical,digitalSignature,nonRepudiation\nbasicConstraints=critical,CA:FALSE\n');
    await writeFile(chain, (await readFile(pki.signingCaCertPath, 'utf8')) + (await readFile(pki.caCertPath, 'utf8')));
    for (const args of [
      ['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', key],
      ['req', '-new', '-key', key, '-subj', '/C=AR/O=Municipalidad de Prueba/CN=Firma EC', '-out', csr],
      [
        'x509',
        '-req',
        '-in',
        csr,
        '-CA',
        pki.signingCaCertPath,
        '-CAkey',
        path.join(pki.dir, 'signing-ca.key.pem'),
        '-set_serial',
        '4242',
        '-days',
        '30',
        '-extfile',
        ext,
        '-out',
        cert,
      ],
      [
        'pkcs12',
        '-export',
        '-inkey',
        key,
        '-in',
        cert,
        '-certfile',
        chain,
        '-passout',
        'pass:clave-ec',
        '-out',
        path.join(dir, 'ecmuni.p12'),
      ],
    ]) {
      const r = await run('openssl', args);
      assert.equal(r.code, 0, r.stderr);
    }
    const signer = await startSigner({ CERTS_DIR: dir, CERT_PASSWORDS_FILE: '', CERT_PASSWORD_ECMUNI: 'clave-ec' });
    const info = await call(signer.url, '/certificate/ecmuni');
    assert.equal(info.json.serial_number, '1092'); // 4242 in hex
    const res = await sign(signer.url, { pdf: await letterPdf(), fields: fields({ tenant_id: 'ecmuni' }) });
    assert.equal(res.status, 200, res.bytes.toString('utf8').slice(0, 300));
    const file = await saveTemp(res.bytes, 'ec.pdf');
    assert.ok((await pdfsig(file)).every((s) => s.valid));
    const validation = await pyhankoValidate(file, pki.caCertPath);
    assert.ok(pyhankoAccepts([...validation.fields.values()][0]), validation.output);
  });
});
