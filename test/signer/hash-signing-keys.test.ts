import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import { completePdfSignature, preparePdfSignature } from '../../activities/signing-service.js';
import type { RunningSigner } from '../../signer/server.js';
import { complete, issuePerson, prepare, signHash, type Person } from './support/hash-signing.js';
import { API_KEY, devPki, startSigner, tempDir } from './support/service.js';
import { letterPdf } from './support/pdfs.js';
import { pdfsig, pyhankoAccepts, pyhankoValidate, run, saveTemp } from './support/tools.js';

const digestOf = (res: { headers: Headers }) => Buffer.from(res.headers.get('x-data-to-sign-digest')!, 'base64');

describe("signer: hash signing with ECDSA keys, and the platform's client of it", function () {
  this.timeout(60_000);
  let signer: RunningSigner;
  let person: Person;
  let caCertPath: string;

  before(async () => {
    [signer, person] = await Promise.all([startSigner(), issuePerson()]);
    caCertPath = (await devPki()).caCertPath;
  });

  it('an ECDSA (P-256) signer: the value DER-encoded or as r‖s (IEEE P1363) is embedded DER-encoded and verifies', async () => {
    // A self-signed EC certificate (OpenSSL), and OpenSSL signing the digest itself, as an HSM would.
    const dir = await tempDir();
    const keyFile = path.join(dir, 'ec-key.pem');
    const certFile = path.join(dir, 'ec-cert.pem');
    const made = await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-subj',
      '/CN=Firmante EC',
      '-days',
      '2',
      '-addext',
      'keyUsage=critical,digitalSignature,nonRepudiation',
    ]);
    assert.equal(made.code, 0, made.stderr);
    const ec = { pem: await readFile(certFile, 'utf8') };
    const signDigest = async (digest: Buffer) => {
      const input = path.join(dir, 'ec-digest.bin');
      await writeFile(input, digest);
      const out = path.join(dir, 'ec-signature.der');
      const r = await run('openssl', ['pkeyutl', '-sign', '-inkey', keyFile, '-in', input, '-out', out]);
      assert.equal(r.code, 0, r.stderr);
      return readFile(out);
    };
    const rawOf = (der: Buffer) => {
      // SEQUENCE { INTEGER r, INTEGER s } → r‖s, 32 bytes each.
      const int = (at: number) => ({ value: der.subarray(at + 2, at + 2 + der[at + 1]!), next: at + 2 + der[at + 1]! });
      const r = int(2);
      const s = int(r.next);
      const pad = (v: Buffer) => Buffer.concat([Buffer.alloc(32), v]).subarray(-32);
      return Buffer.concat([pad(r.value), pad(s.value)]);
    };
    for (const encoding of ['der', 'p1363'] as const) {
      const prepared = await prepare(signer.url, await letterPdf(), ec, { pades_level: 'B-T' });
      assert.equal(prepared.status, 200, prepared.bytes.toString('utf8').slice(0, 300));
      const der = await signDigest(digestOf(prepared));
      const res = await complete(signer.url, prepared.bytes, encoding === 'der' ? der : rawOf(der), ec, {
        pades_level: 'B-T',
      });
      assert.equal(res.status, 200, res.bytes.toString('utf8').slice(0, 300));
      const file = await saveTemp(res.bytes, `hash-ec-${encoding}.pdf`);
      // Poppler checks the signature value (the self-signed certificate is not trusted, which is another line).
      assert.deepEqual(
        (await pdfsig(file)).filter((e) => e.signed).map((e) => [e.field, e.valid]),
        [['Firma1', true]],
        encoding,
      );
    }
  });

  it("the platform's client: preparePdfSignature and completePdfSignature; a refusal is a non-retryable failure with the service's code", async () => {
    const config = { urls: [signer.url], apiKey: API_KEY };
    const base = {
      fileName: 'resolucion.pdf',
      tenantId: 'demo',
      signer: {
        name: 'Ana Pérez',
        seal: 'Secretaria',
        department: 'Gobierno',
        entity: 'Municipalidad de Villa Esperanza',
      },
      padesLevel: 'B-T' as const,
    };
    const prepared = await preparePdfSignature(config, {
      ...base,
      pdf: await letterPdf(),
      signerCertificates: person.chain,
    });
    assert.equal(prepared.field, 'Firma1');
    assert.equal(prepared.digest.length, 32);
    assert.ok(!Number.isNaN(Date.parse(prepared.signingTime)));
    const signed = await completePdfSignature(config, {
      pdf: prepared.pdf,
      fileName: base.fileName,
      tenantId: 'demo',
      signature: signHash(person.key, prepared.digest),
      signerCertificates: person.chain,
      padesLevel: 'B-T',
    });
    const py = await pyhankoValidate(await saveTemp(signed, 'client.pdf'), caCertPath);
    assert.ok(pyhankoAccepts(py.fields.get('Firma1')), py.output);

    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    await assert.rejects(
      completePdfSignature(config, {
        pdf: prepared.pdf,
        fileName: base.fileName,
        tenantId: 'demo',
        signature: signHash(stranger, prepared.digest),
        signerCertificates: person.chain,
      }),
      (err: unknown) =>
        err instanceof ApplicationFailure &&
        err.nonRetryable &&
        (err.details?.[0] as { code?: string } | undefined)?.code === 'SIGNATURE_MISMATCH',
    );
  });
});
