/**
 * Robustness of the hash-signing routes, POST /sign-pdf/prepare and POST /sign-pdf/complete, on a
 * signer running as its own process:
 *
 * 1. prepare with a person's valid chain over the hostile-PDF corpus (as /sign-pdf gets it);
 * 2. complete with hostile `prepared_pdf`: the same corpus, and a real prepared document
 *    truncated, with flipped bytes, absurd counts, broken cross-references, its hole filled or
 *    damaged, bytes appended — with a signature value that verifies for nothing;
 * 3. hostile `signer_certificates` at both (garbage and huge PEM, 100 certificates, a CA as the
 *    leaf, expired and not yet valid, chains out of order, keys of other kinds) and hostile
 *    `signature` values at complete (empty, huge, not base64, the right length and wrong,
 *    another key's, ECDSA values broken every way), each with the refusal the spec documents.
 *
 * Promises: only documented answers (no 5xx but PADES_ERROR where /sign-pdf has it), never a
 * signed PDF from a value that does not verify, every answer within its bound, /health quick
 * (polled from another process), RSS bounded, the process never exits.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { issuePersonCertificate } from '../../signer/dev-pki.js';
import { fields } from '../signer/support/http.js';
import { issuePerson, signHash, toPem, type Person } from '../signer/support/hash-signing.js';
import { letterPdf } from '../signer/support/pdfs.js';
import { API_KEY, devPki, tempDir } from '../signer/support/service.js';
import { inParallel, prng } from '../signer/support/fuzzing.js';
import { startSignerProcess, watchSigner, type SignerProcess } from '../signer/support/signer-process.js';
import { run } from '../signer/support/tools.js';
import { hostileCases, mutate, seedDocuments, type Case } from './support/pdf-corpus.js';
import { checkSignerAnswer, type SignerAnswer } from './support/signer-answer.js';
import { Tally } from './support/tally.js';

const MiB = 1024 * 1024;
/** As the hostile-PDF suite: the heaviest sound page takes ~2 s to read on a loaded 2-core machine; completing adds a time-stamp. */
const ANSWER_BOUND_MS = 8000;
/** As the other signer suites (see signer-pdf.fuzz.ts): the signer's own latency, polled from another process. */
const HEALTH_P95_MS = 100;
const HEALTH_BOUND_MS = 250;
const RSS_BOUND = 400 * MiB;
const PDF_TIMEOUT_MS = '5000';

const PADES_ERROR = (status: number, body: string) => status === 500 && body.includes('"PADES_ERROR"');
const b64 = (b: Buffer) => b.toString('base64');

/** A person whose key this test holds, as the remote signing service would. */
interface Holder {
  key: KeyObject;
  chain: Buffer[];
  pem: string;
}

/** A request to one of the two routes, and the codes it may be answered with (any documented one when absent). */
interface HashCase {
  label: string;
  route: 'prepare' | 'complete';
  file: Buffer;
  fields: Record<string, string | undefined>;
  codes?: string[];
}

describe('signer fuzz: hash signing (prepare, complete) against hostile PDFs, chains and values', function () {
  this.timeout(240_000);
  let signer: SignerProcess;
  let letter: Buffer;
  let seeds: Case[];
  let rsa: Person;
  let ec: Holder;
  /** `letter` prepared for `rsa`, its digest and the value that completes it. */
  let prepared: { pdf: Buffer; digest: Buffer; signature: Buffer };

  before(async () => {
    signer = await startSignerProcess({ PDF_TIMEOUT_MS });
    letter = await letterPdf();
    seeds = await seedDocuments();
    rsa = await issuePerson();
    ec = await ecPerson();
    const res = await post(signer.url, 'prepare', letter, fields({ signer_certificates: rsa.pem }));
    assert.equal(res.status, 200, res.body.toString().slice(0, 300));
    const digest = Buffer.from(res.headers!.get('x-data-to-sign-digest')!, 'base64');
    prepared = { pdf: res.body, digest, signature: signHash(rsa.key, digest) };
  });

  after(async () => {
    await signer?.stop();
  });

  it('POST /sign-pdf/prepare with a valid chain answers every mutated or hostile PDF with a documented refusal or a prepared PDF', async () => {
    const corpus = [...seeds.slice(0, 2).flatMap((s, i) => mutate(s, 2000 + i)), ...(await hostileCases(letter))];
    // Also a file prepared before, its hole still empty: prepared again, or refused, never a 5xx.
    corpus.push({ label: 'a prepared file, its hole empty', pdf: prepared.pdf });
    const cases = corpus.map(
      (c): HashCase => ({
        label: c.label,
        route: 'prepare',
        file: c.pdf,
        fields: fields({ signer_certificates: rsa.pem }),
      }),
    );
    await runCases(signer, 'prepare: hostile PDFs', cases, 3);
  });

  it('POST /sign-pdf/complete refuses every hostile prepared_pdf, and signs nothing with a value that verifies for nothing', async () => {
    const wrongValue = b64(randomBytes(256));
    const complete = (label: string, pdf: Buffer, codes?: string[]): HashCase => ({
      label,
      route: 'complete',
      file: pdf,
      fields: { tenant_id: 'demo', signature: wrongValue, signer_certificates: rsa.pem },
      codes,
    });
    // The corpus: none of it is a prepared file.
    const corpus = [...seeds.slice(0, 1).flatMap((s, i) => mutate(s, 3000 + i)), ...(await hostileCases(letter))].map(
      (c) => complete(c.label, c.pdf),
    );
    // A real prepared file, damaged.
    const damaged = mutate({ label: 'prepared', pdf: prepared.pdf }, 3100).map((c) => complete(c.label, c.pdf));
    const signed = await post(signer.url, 'complete', prepared.pdf, {
      tenant_id: 'demo',
      signature: b64(prepared.signature),
      signer_certificates: rsa.pem,
    });
    assert.equal(signed.status, 200, signed.body.toString().slice(0, 300));
    const cases = [
      ...corpus,
      ...damaged,
      ...holeCases(prepared.pdf, signed.body).map((c) => complete(c.label, c.pdf, c.codes)),
    ];
    const tally = await runCases(signer, 'complete: hostile prepared_pdf', cases, 3);
    assert.equal(tally.statuses.get(200), undefined, 'a value that verifies for nothing signed a document');
  });

  it('hostile signer_certificates at prepare and complete, hostile signature values at complete: each refused as documented', async () => {
    const cases = [
      ...(await chainCases(rsa, letter, prepared)),
      ...(await valueCases(rsa, ec, letter, prepared, signer)),
    ];
    const tally = await runCases(signer, 'prepare and complete: hostile chains and values', cases, 3);
    process.stdout.write(
      `      ${cases.length} chains and values (${tally.statuses.get(200) ?? 0} signed or prepared, as expected)\n`,
    );
  });
});

// ---------------------------------------------------------------- sending and checking

async function post(
  url: string,
  route: 'prepare' | 'complete',
  file: Buffer,
  values: Record<string, string | undefined>,
): Promise<SignerAnswer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) form.append(k, v);
  form.append(
    route === 'prepare' ? 'pdf_file' : 'prepared_pdf',
    new Blob([file], { type: 'application/pdf' }),
    'documento.pdf',
  );
  const started = performance.now();
  try {
    const res = await fetch(`${url}/sign-pdf/${route}`, {
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

async function runCases(signer: SignerProcess, name: string, cases: HashCase[], concurrency: number): Promise<Tally> {
  const tally = new Tally(`signer hash-signing fuzz: ${name}`, {
    maxLatencyMs: ANSWER_BOUND_MS,
    maxRssBytes: RSS_BOUND,
    allowed5xx: PADES_ERROR,
  });
  const health = new Tally(`signer hash-signing fuzz: GET /health meanwhile (${name})`, {
    maxLatencyMs: HEALTH_BOUND_MS,
    p95LatencyMs: HEALTH_P95_MS,
    maxRssBytes: RSS_BOUND,
  });
  const watch = watchSigner(signer, health, [tally]);
  const started = performance.now();
  try {
    await inParallel(cases, concurrency, async (c) => {
      const res = await post(signer.url, c.route, c.file, c.fields);
      const label = `${c.route}: ${c.label}`;
      const text = res.body.toString('utf8', 0, 400);
      tally.record(label, res.status, res.ms, text);
      checkSignerAnswer(tally, label, res);
      if (c.codes && typeof res.status === 'number') {
        const code =
          res.status === 200 ? 'signed' : ((JSON.parse(res.body.toString('utf8')) as { code?: string }).code ?? '');
        if (!c.codes.includes(code))
          tally.fail(`${label}: ${res.status} ${code}, expected ${c.codes.join(' or ')} (${text.slice(0, 200)})`);
      }
    });
  } finally {
    await watch.stop();
  }
  process.stdout.write(`      ${cases.length} requests in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  assert.equal(signer.ended(), undefined, `the signer exited: ${signer.ended()}\n${signer.output().slice(-3000)}`);
  health.check();
  tally.check();
  return tally;
}

// ---------------------------------------------------------------- prepared files, damaged where it matters

/** The hole and its frame: filled, refilled, emptied wrong, reframed; bytes appended; two files in one. */
function holeCases(pdf: Buffer, signed: Buffer): { label: string; pdf: Buffer; codes?: string[] }[] {
  const text = pdf.toString('latin1');
  const contents = text.lastIndexOf('/Contents <');
  const start = contents + '/Contents <'.length;
  const end = text.indexOf('>', start);
  const byteRange = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
  const ranges = [...text.matchAll(byteRange)];
  const last = ranges.at(-1)!;
  const fill = (hex: string) =>
    Buffer.from(text.slice(0, start) + hex.padEnd(end - start, '0').slice(0, end - start) + text.slice(end), 'latin1');
  const reframe = (values: string[]) => {
    const at = last.index!;
    let replacement = `/ByteRange [${values.join(' ')}]`;
    replacement = replacement.padEnd(last[0].length, ' ').slice(0, Math.max(last[0].length, replacement.length));
    return Buffer.from(text.slice(0, at) + replacement + text.slice(at + last[0].length), 'latin1');
  };
  const [a, b, c, d] = last.slice(1).map(Number) as [number, number, number, number];
  const random = prng(77);
  const cases: { label: string; pdf: Buffer; codes?: string[] }[] = [
    { label: 'the completed file again (hole filled)', pdf: signed, codes: ['SIGNATURE_ALREADY_PRESENT'] },
    {
      label: 'hole filled with random hex',
      pdf: fill(randomBytes((end - start) / 2).toString('hex')),
      codes: ['SIGNATURE_ALREADY_PRESENT', 'INVALID_PREPARED_PDF'],
    },
    { label: 'hole filled with one non-zero byte', pdf: fill('30') },
    { label: 'hole holding non-hex characters', pdf: fill('zz'.repeat((end - start) / 2)) },
    {
      label: 'hole with an odd number of digits',
      pdf: Buffer.from(text.slice(0, end - 1) + text.slice(end), 'latin1'),
    },
    {
      label: 'bytes appended after the hole',
      pdf: Buffer.concat([pdf, Buffer.from('\n% appended\n')]),
      codes: ['INVALID_PREPARED_PDF'],
    },
    {
      label: 'an incremental update appended',
      pdf: Buffer.concat([pdf, Buffer.from(`\n1 0 obj\n<< >>\nendobj\nstartxref\n${pdf.length}\n%%EOF\n`)]),
      codes: ['INVALID_PREPARED_PDF', 'INVALID_PDF_FILE'],
    },
    { label: 'the prepared file twice', pdf: Buffer.concat([pdf, pdf]) },
    {
      label: 'a covered byte changed',
      pdf: Buffer.from(text.replace('Municipalidad', 'Municipalidaz'), 'latin1'),
      codes: ['SIGNATURE_MISMATCH', 'INVALID_PDF_FILE'],
    },
    { label: '/ByteRange all zeros', pdf: reframe(['0', '0', '0', '0']) },
    { label: '/ByteRange beyond the file', pdf: reframe([String(a), String(b), String(c), String(d + 10_000_000)]) },
    { label: '/ByteRange overlapping', pdf: reframe([String(a), String(b + 100), String(c - 100), String(d)]) },
    { label: '/ByteRange negative', pdf: reframe(['-1', String(b), String(c), String(d)]) },
    { label: '/ByteRange huge numbers', pdf: reframe(['0', '99999999999999999999', '1', '1']) },
    {
      label: '/ByteRange not framing the hole',
      pdf: reframe([String(a), String(b - 2), String(c + 2), String(d - 2)]),
    },
    {
      label: '/ByteRange of five numbers',
      pdf: Buffer.from(
        text.slice(0, last.index!) + last[0].replace(']', ' 1]') + text.slice(last.index! + last[0].length),
        'latin1',
      ),
    },
    {
      label: 'no /ByteRange',
      pdf: Buffer.from(
        text.slice(0, last.index!) +
          last[0].replace('/ByteRange', '/ByteRangf') +
          text.slice(last.index! + last[0].length),
        'latin1',
      ),
    },
    { label: 'no /Contents', pdf: Buffer.from(`${text.slice(0, contents)}/Contentz <${text.slice(start)}`, 'latin1') },
    { label: 'the update cut off', pdf: pdf.subarray(0, pdf.length - Math.floor((pdf.length - a - b) / 2)) },
    {
      label: 'only the original document (never prepared)',
      pdf: pdf.subarray(0, text.lastIndexOf('%%EOF', contents) + 6),
      codes: ['INVALID_PREPARED_PDF'],
    },
  ];
  // Flipped bytes in the update only: its dictionary, the hole, the frame, the cross-reference.
  const updateStart = text.lastIndexOf('%%EOF', contents) + 6;
  for (let i = 0; i < 30; i++) {
    const copy = Buffer.from(pdf);
    const flips = 1 + Math.floor(random() * 6);
    for (let f = 0; f < flips; f++)
      copy[updateStart + Math.floor(random() * (pdf.length - updateStart))] = Math.floor(random() * 256);
    cases.push({ label: `${flips} bytes flipped in the update (#${i})`, pdf: copy });
  }
  return cases;
}

// ---------------------------------------------------------------- hostile chains

async function chainCases(
  person: Person,
  letter: Buffer,
  prepared: { pdf: Buffer; signature: Buffer },
): Promise<HashCase[]> {
  const pki = await devPki();
  const [leaf, ca, root] = person.chain as [Buffer, Buffer, Buffer];
  const expired = await issuePerson({
    notBefore: new Date(Date.now() - 3 * 86_400_000),
    notAfter: new Date(Date.now() - 86_400_000),
  });
  const future = await issuePerson({
    notBefore: new Date(Date.now() + 86_400_000),
    notAfter: new Date(Date.now() + 3 * 86_400_000),
  });
  const other = await issuePerson();
  const tenantPem = await readFile(path.join(pki.dir, 'signing-ca.pem'), 'utf8').catch(() => toPem([ca]));
  const selfSigned = await selfSignedPems();
  const pemBlock = (body: string) => `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`;
  const leafB64 = b64(leaf);
  const chains: { label: string; pem: string; codes: string[]; levels?: string[] }[] = [
    { label: 'garbage', pem: 'not a certificate at all', codes: ['INVALID_PARAMETERS'] },
    { label: 'random bytes', pem: randomBytes(3000).toString('latin1'), codes: ['INVALID_PARAMETERS'] },
    { label: 'PEM of random base64', pem: pemBlock(b64(randomBytes(1200))), codes: ['INVALID_SIGNER_CERTIFICATE'] },
    { label: 'PEM of nothing', pem: pemBlock(''), codes: ['INVALID_SIGNER_CERTIFICATE', 'INVALID_PARAMETERS'] },
    { label: 'PEM not base64 inside', pem: pemBlock('!!!!%%%%'), codes: ['INVALID_PARAMETERS'] },
    { label: 'BEGIN without END', pem: `-----BEGIN CERTIFICATE-----\n${leafB64}\n`, codes: ['INVALID_PARAMETERS'] },
    {
      label: 'a private key block',
      pem: `-----BEGIN PRIVATE KEY-----\n${b64(randomBytes(600))}\n-----END PRIVATE KEY-----\n`,
      codes: ['INVALID_PARAMETERS'],
    },
    {
      label: 'the leaf truncated',
      pem: pemBlock(b64(leaf.subarray(0, leaf.length - 40))),
      codes: ['INVALID_SIGNER_CERTIFICATE'],
    },
    {
      label: 'the leaf with trailing bytes',
      pem: pemBlock(b64(Buffer.concat([leaf, randomBytes(16)]))),
      codes: ['INVALID_SIGNER_CERTIFICATE', 'signed'],
    },
    {
      label: 'the leaf with a byte flipped in its signature',
      pem: toPem([flipNear(leaf, leaf.length - 10), ca, root]),
      codes: ['INVALID_SIGNER_CERTIFICATE'],
    },
    {
      label: 'the leaf with a byte flipped in its name',
      pem: toPem([flipNear(leaf, 200), ca, root]),
      codes: ['INVALID_SIGNER_CERTIFICATE'],
    },
    {
      label: 'huge PEM (50 KB of whitespace around the chain)',
      pem: `${' '.repeat(25_000)}${person.pem}${' '.repeat(25_000)}`,
      codes: ['signed'],
    },
    { label: 'huge PEM (over the 64 KB field)', pem: person.pem + ' '.repeat(70_000), codes: ['INVALID_PARAMETERS'] },
    {
      label: 'huge PEM (one block of 60 KB)',
      pem: pemBlock(b64(randomBytes(44_000)).replace(/.{64}/g, '$&\n')),
      codes: ['INVALID_SIGNER_CERTIFICATE'],
    },
    {
      label: '100 certificates',
      pem: toPem(Array.from({ length: 100 }, (_, i) => [leaf, ca, root][i % 3]!)),
      codes: ['INVALID_PARAMETERS'],
    },
    {
      label: '9 certificates',
      pem: toPem([leaf, ca, root, root, root, root, root, root, root]),
      codes: ['INVALID_PARAMETERS', 'INVALID_SIGNER_CERTIFICATE'],
    },
    {
      label: 'the leaf 8 times',
      pem: toPem(Array.from({ length: 8 }, () => leaf)),
      codes: ['INVALID_SIGNER_CERTIFICATE'],
    },
    { label: 'a CA as the leaf (signing CA, root)', pem: toPem([ca, root]), codes: ['INVALID_SIGNER_CERTIFICATE'] },
    { label: 'the root alone', pem: toPem([root]), codes: ['INVALID_SIGNER_CERTIFICATE'] },
    {
      label: 'the signing CA from the PKI folder',
      pem: tenantPem,
      codes: ['INVALID_SIGNER_CERTIFICATE', 'INVALID_PARAMETERS'],
    },
    { label: 'expired', pem: expired.pem, codes: ['INVALID_SIGNER_CERTIFICATE'] },
    { label: 'not yet valid', pem: future.pem, codes: ['INVALID_SIGNER_CERTIFICATE'] },
    { label: 'order reversed', pem: toPem([root, ca, leaf]), codes: ['INVALID_SIGNER_CERTIFICATE'] },
    { label: 'issuers swapped', pem: toPem([leaf, root, ca]), codes: ['INVALID_SIGNER_CERTIFICATE'] },
    { label: 'issuer missing in the middle', pem: toPem([leaf, root]), codes: ['INVALID_SIGNER_CERTIFICATE'] },
    { label: 'the leaf alone', pem: toPem([leaf]), codes: ['signed', 'SIGNATURE_MISMATCH'] },
    {
      label: "another person's leaf before this chain",
      pem: toPem([other.chain[0]!, leaf, ca, root]),
      codes: ['INVALID_SIGNER_CERTIFICATE'],
    },
    {
      label: 'whitespace, CRLF and tabs inside the blocks',
      pem: person.pem.replace(/\n/g, '\r\n\t '),
      codes: ['signed'],
    },
    {
      label: 'text between the blocks',
      pem: person.pem.replace('-----END CERTIFICATE-----\n', '-----END CERTIFICATE-----\nhello\n'),
      codes: ['INVALID_PARAMETERS'],
    },
    { label: 'a NUL inside', pem: person.pem.replace('\n', '\n\u0000'), codes: ['INVALID_PARAMETERS'] },
    ...selfSigned,
  ];
  const cases: HashCase[] = [];
  for (const c of chains) {
    // prepare: 'signed' means prepared. complete: the value is the rsa person's over the prepared file, so any chain but theirs mismatches.
    const prepareCodes = c.codes.map((x) => (x === 'SIGNATURE_MISMATCH' ? 'signed' : x));
    cases.push({
      label: `chain: ${c.label}`,
      route: 'prepare',
      file: letter,
      fields: fields({ signer_certificates: c.pem }),
      codes: prepareCodes,
    });
    const completeCodes = c.codes.flatMap((x) => (x === 'signed' ? ['signed', 'SIGNATURE_MISMATCH'] : [x]));
    cases.push({
      label: `chain: ${c.label}`,
      route: 'complete',
      file: prepared.pdf,
      fields: { tenant_id: 'demo', signature: b64(prepared.signature), signer_certificates: c.pem },
      codes: completeCodes,
    });
    for (const level of c.levels ?? []) {
      // A self-signed leaf has no issuer whose revocation data could be missing; were it asked for, PADES_ERROR says so.
      cases.push({
        label: `chain: ${c.label} at ${level}`,
        route: 'prepare',
        file: letter,
        fields: fields({ signer_certificates: c.pem, pades_level: level }),
        codes: ['signed', 'PADES_ERROR'],
      });
    }
  }
  // The chain sent twice.
  cases.push({
    label: 'chain sent twice',
    route: 'prepare',
    file: letter,
    fields: fields({ signer_certificates: person.pem }),
    codes: ['signed'],
  });
  return cases;
}

/** Self-signed leaves of other kinds (openssl): Ed25519, EC, RSA without key usage, RSA for certificate signing only; and a foreign RSA leaf at B-LT (no revocation services). */
async function selfSignedPems(): Promise<{ label: string; pem: string; codes: string[]; levels?: string[] }[]> {
  const dir = await tempDir();
  const make = async (name: string, args: string[]): Promise<string | undefined> => {
    const out = path.join(dir, `fuzz-${name}.pem`);
    const r = await run('openssl', [
      'req',
      '-x509',
      '-nodes',
      '-subj',
      `/CN=Fuzz ${name}`,
      '-days',
      '2',
      '-keyout',
      `${out}.key`,
      '-out',
      out,
      ...args,
    ]);
    return r.code === 0 ? readFile(out, 'utf8') : undefined;
  };
  const kinds: [string, string[], string[], string[]?][] = [
    ['ed25519', ['-newkey', 'ed25519'], ['INVALID_SIGNER_CERTIFICATE']],
    ['ec-p256', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'], ['signed', 'SIGNATURE_MISMATCH']],
    [
      'rsa-no-key-usage',
      ['-newkey', 'rsa:2048', '-addext', 'basicConstraints=CA:FALSE'],
      ['signed', 'SIGNATURE_MISMATCH'],
      ['B-LT', 'B-LTA'],
    ],
    [
      'rsa-cert-sign-only',
      ['-newkey', 'rsa:2048', '-addext', 'keyUsage=critical,keyCertSign'],
      ['INVALID_SIGNER_CERTIFICATE'],
    ],
    ['rsa-4096', ['-newkey', 'rsa:4096'], ['signed', 'SIGNATURE_MISMATCH']],
  ];
  const out: { label: string; pem: string; codes: string[]; levels?: string[] }[] = [];
  for (const [name, args, codes, levels] of kinds) {
    const pem = await make(name, args);
    if (pem) out.push({ label: `self-signed ${name}`, pem, codes, ...(levels ? { levels } : {}) });
    else process.stdout.write(`      (openssl made no ${name} certificate)\n`);
  }
  return out;
}

function flipNear(der: Buffer, at: number): Buffer {
  const copy = Buffer.from(der);
  copy[at] = copy[at]! ^ 0x01;
  return copy;
}

/** A person with a P-256 key and a certificate from the dev signing CA. */
async function ecPerson(): Promise<Holder> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const issued = await issuePersonCertificate(await devPki(), {
    subject: { fullName: 'Persona Fuzz EC', cuit: '20123456786', organization: 'Municipalidad de Villa Esperanza' },
    publicKey,
  });
  const chain = [issued.certificate, ...issued.chain];
  return { key: privateKey, chain, pem: toPem(chain) };
}

// ---------------------------------------------------------------- hostile signature values

async function valueCases(
  person: Person,
  ec: Holder,
  letter: Buffer,
  prepared: { pdf: Buffer; digest: Buffer; signature: Buffer },
  signer: SignerProcess,
): Promise<HashCase[]> {
  const complete = (
    label: string,
    signature: string | undefined,
    codes: string[],
    extra: Partial<{ pdf: Buffer; pem: string }> = {},
  ): HashCase => ({
    label: `value: ${label}`,
    route: 'complete',
    file: extra.pdf ?? prepared.pdf,
    fields: { tenant_id: 'demo', signature, signer_certificates: extra.pem ?? person.pem },
    codes,
  });
  const good = prepared.signature;
  const other = await issuePerson();
  const mismatch = ['SIGNATURE_MISMATCH'];
  const invalid = ['INVALID_PARAMETERS'];
  const cases: HashCase[] = [
    complete('missing', undefined, invalid),
    complete('empty', '', invalid),
    complete('blank', '   ', invalid),
    complete('not base64', '!!!!', invalid),
    complete(
      'base64url',
      b64(good)
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/^[A-Za-z0-9]/, '-'),
      invalid,
    ),
    complete('no padding', b64(good.subarray(1)).replace(/=+$/, ''), ['INVALID_PARAMETERS', 'SIGNATURE_MISMATCH']),
    complete('padding in the middle', `${b64(good).slice(0, 8)}==${b64(good).slice(10)}`, invalid),
    complete('with line breaks', b64(good).replace(/.{64}/g, '$&\n'), ['INVALID_PARAMETERS', 'signed']),
    complete('huge (3000 bytes)', b64(randomBytes(3000)), invalid),
    complete('huge (over the 64 KB field)', 'A'.repeat(70_000), invalid),
    complete('one byte', b64(Buffer.from([1])), mismatch),
    complete('the right length, random', b64(randomBytes(good.length)), mismatch),
    complete('the right length, zeros', b64(Buffer.alloc(good.length)), mismatch),
    complete('the right length, 0xff (above the modulus)', b64(Buffer.alloc(good.length, 0xff)), mismatch),
    complete('one byte short', b64(good.subarray(1)), mismatch),
    complete('one byte more', b64(Buffer.concat([good, Buffer.from([0])])), mismatch),
    complete('a leading zero byte', b64(Buffer.concat([Buffer.from([0]), good])), mismatch),
    complete('a bit flipped', b64(flipNear(good, 100)), mismatch),
    complete('over another digest', b64(signHash(person.key, randomBytes(32))), mismatch),
    complete("another person's key", b64(signHash(other.key, prepared.digest)), mismatch),
    complete("the right value with another person's chain", b64(good), mismatch, { pem: other.pem }),
    complete('the right value over a changed file', b64(good), ['SIGNATURE_MISMATCH', 'INVALID_PDF_FILE'], {
      pdf: Buffer.from(prepared.pdf.toString('latin1').replace('Municipalidad', 'Municipalidaz'), 'latin1'),
    }),
    complete('the right value', b64(good), ['signed']),
  ];
  // ECDSA: a document prepared for the EC person, then values broken every way.
  const ecPrepared = await post(signer.url, 'prepare', letter, fields({ signer_certificates: ec.pem }));
  assert.equal(ecPrepared.status, 200, ecPrepared.body.toString().slice(0, 300));
  const ecDigest = Buffer.from(ecPrepared.headers!.get('x-data-to-sign-digest')!, 'base64');
  const der = await ecdsa(ec.key, ecDigest, 'der');
  const rs = await ecdsa(ec.key, ecDigest, 'ieee-p1363');
  const ecComplete = (label: string, value: Buffer, codes: string[]) =>
    complete(`ECDSA ${label}`, b64(value), codes, { pdf: ecPrepared.body, pem: ec.pem });
  const n = Buffer.from('ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551', 'hex');
  cases.push(
    ecComplete('DER, right', der, ['signed']),
    ecComplete('r‖s, right', rs, ['signed']),
    ecComplete('r‖s random', randomBytes(64), mismatch),
    ecComplete('r‖s zeros', Buffer.alloc(64), mismatch),
    ecComplete('r‖s with r = n', Buffer.concat([n, rs.subarray(32)]), mismatch),
    ecComplete('r‖s all 0xff', Buffer.alloc(64, 0xff), mismatch),
    ecComplete('r‖s 63 bytes', rs.subarray(1), mismatch),
    ecComplete('r‖s 66 bytes', Buffer.concat([Buffer.alloc(1), rs, Buffer.alloc(1)]), mismatch),
    ecComplete('r‖s of 2 bytes', Buffer.from([1, 1]), mismatch),
    ecComplete('r‖s of 2048 bytes', randomBytes(2048), mismatch),
    ecComplete('DER with trailing bytes', Buffer.concat([der, Buffer.from([0])]), mismatch),
    ecComplete(
      'DER with a length beyond the value',
      Buffer.concat([Buffer.from([0x30, 0x84, 0xff, 0xff, 0xff, 0xff]), der.subarray(2)]),
      mismatch,
    ),
    ecComplete('DER SEQUENCE of zeros', Buffer.from('3006020100020100', 'hex'), mismatch),
    ecComplete('DER with negative integers', Buffer.from('3006020181020181', 'hex'), mismatch),
    ecComplete('DER empty SEQUENCE', Buffer.from('3000', 'hex'), mismatch),
    ecComplete('DER bit flipped', flipNear(der, der.length - 3), mismatch),
    ecComplete('an RSA value', good, mismatch),
  );
  return cases;
}

/** ECDSA over the digest itself (no second hash), as a remote signing service signs a hash: openssl pkeyutl. */
async function ecdsa(key: KeyObject, digest: Buffer, dsaEncoding: 'der' | 'ieee-p1363'): Promise<Buffer> {
  const dir = await tempDir();
  const keyFile = path.join(dir, 'fuzz-ec.key');
  const input = path.join(dir, 'fuzz-ec.digest');
  const out = path.join(dir, 'fuzz-ec.sig');
  await writeFile(keyFile, key.export({ format: 'pem', type: 'pkcs8' }));
  await writeFile(input, digest);
  const r = await run('openssl', ['pkeyutl', '-sign', '-inkey', keyFile, '-in', input, '-out', out]);
  assert.equal(r.code, 0, r.stderr);
  const der = await readFile(out);
  return dsaEncoding === 'der' ? der : p1363(der);
}

/** r‖s, 32 bytes each, from a DER ECDSA-Sig-Value. */
function p1363(der: Buffer): Buffer {
  const ints: Buffer[] = [];
  let at = 2;
  for (let i = 0; i < 2; i++) {
    const len = der[at + 1]!;
    ints.push(der.subarray(at + 2, at + 2 + len));
    at += 2 + len;
  }
  return Buffer.concat(
    ints.map((v) => Buffer.concat([Buffer.alloc(32), v.subarray(v[0] === 0 ? 1 : 0)]).subarray(-32)),
  );
}
