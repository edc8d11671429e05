/**
 * Hash signing from the outside: a person's certificate and key from the dev PKI (the key stays
 * with the test, which plays the remote signing service), POST /sign-pdf/prepare and
 * /sign-pdf/complete over real HTTP, and what pyHanko reads of the signer and the /DSS.
 */
import { createHash, generateKeyPairSync, privateEncrypt, constants, type KeyObject } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { issuePersonCertificate, revokeCertificate } from '../../../signer/dev-pki.js';
import { call, fields, type SignerResponse } from './http.js';
import { devPki, tempDir } from './service.js';
import { run } from './tools.js';

export interface Person {
  fullName: string;
  key: KeyObject;
  /** DER, leaf first. */
  chain: Buffer[];
  pem: string;
  /** Upper-case hex, as the dev CA's revoked list names it. */
  serial: string;
}

let counter = 0;

/** A person's key and certificate from the dev signing CA, as the remote signing service would hold them. */
export async function issuePerson(options: { notBefore?: Date; notAfter?: Date } = {}): Promise<Person> {
  const fullName = `Persona Prueba ${++counter}`;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const issued = await issuePersonCertificate(await devPki(), {
    subject: {
      fullName,
      cuit: String(20_000_000_000 + (process.pid % 1_000_000) * 1000 + counter),
      organization: 'Municipalidad de Villa Esperanza',
    },
    publicKey,
    ...options,
  });
  const chain = [issued.certificate, ...issued.chain];
  return { fullName, key: privateKey, chain, pem: toPem(chain), serial: issued.serial };
}

/** Revokes the person's certificate at the dev CA (its OCSP responder answers revoked at once). */
export async function revokePerson(person: Person): Promise<void> {
  await revokeCertificate(await devPki(), {
    issuer: 'signing-ca',
    serial: person.serial,
    subject: `CN=${person.fullName}`,
  });
}

export function toPem(chain: Buffer[]): string {
  return chain
    .map(
      (der) =>
        `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{1,64}/g, '$&\n')}-----END CERTIFICATE-----\n`,
    )
    .join('');
}

const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/** What a CSC signatures/signHash call answers for RSA: PKCS#1 v1.5 over DigestInfo(SHA-256, digest). */
export function signHash(key: KeyObject, digest: Buffer): Buffer {
  return privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([SHA256_DIGEST_INFO, digest]));
}

export async function prepare(
  baseUrl: string,
  pdf: Buffer,
  person: Pick<Person, 'pem'>,
  overrides: Record<string, string | undefined> = {},
): Promise<SignerResponse> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields({ signer_certificates: person.pem, ...overrides })))
    if (v !== undefined) form.append(k, v);
  form.append('pdf_file', new Blob([pdf], { type: 'application/pdf' }), 'documento.pdf');
  return call(baseUrl, '/sign-pdf/prepare', { method: 'POST', body: form });
}

export async function complete(
  baseUrl: string,
  prepared: Buffer,
  signature: Buffer | string,
  person: Pick<Person, 'pem'>,
  overrides: Record<string, string | undefined> = {},
): Promise<SignerResponse> {
  const form = new FormData();
  const values = {
    tenant_id: 'demo',
    signature: typeof signature === 'string' ? signature : signature.toString('base64'),
    signer_certificates: person.pem,
    ...overrides,
  };
  for (const [k, v] of Object.entries(values)) if (v !== undefined) form.append(k, v);
  form.append('prepared_pdf', new Blob([prepared], { type: 'application/pdf' }), 'documento.pdf');
  return call(baseUrl, '/sign-pdf/complete', { method: 'POST', body: form });
}

/** prepare, sign the returned digest with the person's key, complete: the signed PDF (or the failing answer). */
export async function signAsPerson(
  baseUrl: string,
  pdf: Buffer,
  person: Person,
  overrides: Record<string, string | undefined> = {},
): Promise<SignerResponse> {
  const prepared = await prepare(baseUrl, pdf, person, overrides);
  if (prepared.status !== 200) return prepared;
  const digest = Buffer.from(prepared.headers.get('x-data-to-sign-digest')!, 'base64');
  return complete(baseUrl, prepared.bytes, signHash(person.key, digest), person, {
    pades_level: overrides.pades_level,
  });
}

export const sha256 = (der: Uint8Array) => createHash('sha256').update(der).digest('hex');

const SIGNERS = `
import sys, json, hashlib
from pyhanko.pdf_utils.reader import PdfFileReader
r = PdfFileReader(open(sys.argv[1], 'rb'))
sigs = [{'field': s.field_name, 'signer': hashlib.sha256(s.signer_cert.dump()).hexdigest()} for s in r.embedded_regular_signatures]
certs = []
if '/DSS' in r.root:
    certs = [hashlib.sha256(c.get_object().data).hexdigest() for c in r.root['/DSS'].get('/Certs', [])]
print(json.dumps({'signatures': sigs, 'dssCerts': certs}))
`;

/** Each signature's signer certificate (SHA-256 of its DER) and the certificates of the /DSS, as pyHanko reads them. */
export async function signersAndDss(
  file: string,
): Promise<{ signatures: { field: string; signer: string }[]; dssCerts: string[] }> {
  const script = path.join(await tempDir(), 'signers.py');
  await writeFile(script, SIGNERS);
  const r = await run('python3', [script, file]);
  if (r.code !== 0) throw new Error(`pyHanko reader failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { signatures: { field: string; signer: string }[]; dssCerts: string[] };
}
