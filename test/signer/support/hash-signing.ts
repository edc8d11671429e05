/**
 * Hash signing from the outside: a person's certificate and key from the dev PKI (the key stays
 * with the test, which plays the remote signing service), POST /sign-pdf/prepare and
 * /sign-pdf/complete over real HTTP, and what pyHanko reads of the signer and the /DSS.
 */
import { X509Certificate, createHash, privateEncrypt, constants, type KeyObject } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { issueTenantCertificate } from '../../../signer/dev-pki.js';
import { readPkcs12 } from '../../../signer/certificates/pkcs12.js';
import { call, fields, type SignerResponse } from './http.js';
import { devPki, tempDir } from './service.js';
import { run } from './tools.js';

export interface Person {
  /** The name its certificate was issued under (a dev "tenant" certificate stands for a person's). */
  name: string;
  key: KeyObject;
  /** DER, leaf first. */
  chain: Buffer[];
  pem: string;
  /** The folder of its PKCS#12 and passwords.json (for revoking it at the dev CA). */
  certsDir: string;
  password: string;
}

let counter = 0;

/** A new certificate and key from the dev signing CA, as the remote signing service would hold. */
export async function issuePerson(options: { notBefore?: Date; notAfter?: Date } = {}): Promise<Person> {
  const pki = await devPki();
  const name = `persona${++counter}_${process.pid}`;
  const certsDir = await tempDir();
  const password = `clave-${name}`;
  const file = path.join(certsDir, `${name}.p12`);
  await issueTenantCertificate(pki, { tenant: name, file, password, ...options });
  // revokeTenantCertificate reads the password from the folder's passwords.json.
  const passwordsFile = path.join(certsDir, 'passwords.json');
  const passwords = await readFile(passwordsFile, 'utf8').then((t) => JSON.parse(t) as Record<string, string>, () => ({}) as Record<string, string>);
  await writeFile(passwordsFile, JSON.stringify({ ...passwords, [name]: password }));
  const { key, certificates } = readPkcs12(await readFile(file), password);
  const x509 = certificates.map((der) => new X509Certificate(der));
  const order = [x509.findIndex((c) => c.checkPrivateKey(key))];
  while (order.length < x509.length) {
    const current = x509[order[order.length - 1]!]!;
    const next = x509.findIndex((c, i) => !order.includes(i) && current.checkIssued(c) && current.subject !== c.subject);
    if (next < 0) break;
    order.push(next);
  }
  const chain = order.map((i) => certificates[i]!);
  return { name, key, chain, pem: toPem(chain), certsDir, password };
}

export function toPem(chain: Buffer[]): string {
  return chain.map((der) => `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{1,64}/g, '$&\n')}-----END CERTIFICATE-----\n`).join('');
}

const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/** What a CSC signatures/signHash call answers for RSA: PKCS#1 v1.5 over DigestInfo(SHA-256, digest). */
export function signHash(key: KeyObject, digest: Buffer): Buffer {
  return privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([SHA256_DIGEST_INFO, digest]));
}

export async function prepare(baseUrl: string, pdf: Buffer, person: Pick<Person, 'pem'>, overrides: Record<string, string | undefined> = {}): Promise<SignerResponse> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields({ signer_certificates: person.pem, ...overrides }))) if (v !== undefined) form.append(k, v);
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
  const values = { tenant_id: 'demo', signature: typeof signature === 'string' ? signature : signature.toString('base64'), signer_certificates: person.pem, ...overrides };
  for (const [k, v] of Object.entries(values)) if (v !== undefined) form.append(k, v);
  form.append('prepared_pdf', new Blob([prepared], { type: 'application/pdf' }), 'documento.pdf');
  return call(baseUrl, '/sign-pdf/complete', { method: 'POST', body: form });
}

/** prepare, sign the returned digest with the person's key, complete: the signed PDF (or the failing answer). */
export async function signAsPerson(baseUrl: string, pdf: Buffer, person: Person, overrides: Record<string, string | undefined> = {}): Promise<SignerResponse> {
  const prepared = await prepare(baseUrl, pdf, person, overrides);
  if (prepared.status !== 200) return prepared;
  const digest = Buffer.from(prepared.headers.get('x-data-to-sign-digest')!, 'base64');
  return complete(baseUrl, prepared.bytes, signHash(person.key, digest), person, { pades_level: overrides.pades_level });
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
export async function signersAndDss(file: string): Promise<{ signatures: { field: string; signer: string }[]; dssCerts: string[] }> {
  const script = path.join(await tempDir(), 'signers.py');
  await writeFile(script, SIGNERS);
  const r = await run('python3', [script, file]);
  if (r.code !== 0) throw new Error(`pyHanko reader failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { signatures: { field: string; signer: string }[]; dssCerts: string[] };
}
