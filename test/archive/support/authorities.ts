/**
 * Time-stamp generations for archive renewal tests: another certificate for the development
 * time-stamping authority, issued by the same root as the stack's with a validity of the test's
 * choosing (an authority certificate that expires sooner is an earlier generation), served over
 * RFC 3161 HTTP; and the signer's long-term functions in-process (appendArchiveTimestamp: what
 * POST /timestamp-pdf does), to build renewals without the HTTP round trips.
 */
import {
  createHash,
  generateKeyPairSync,
  randomBytes,
  sign as cryptoSign,
  type KeyPairKeyObjectResult,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { createLogger } from '../../../lib/log.js';
import { loadNamed, type DevPki } from '../../../signer/dev-pki.js';
import { appendArchiveTimestamp } from '../../../signer/ltv/long-term.js';
import { RevocationSource } from '../../../signer/ltv/revocation.js';
import { toArrayBuffer } from '../../../signer/pades/cms.js';
import { OID } from '../../../signer/pades/oids.js';
import { TimestampResponder } from '../../../signer/tsa/responder.js';
import { DocumentWorkers } from '../../../signer/workers/document-workers.js';

export interface Authority {
  url: string;
  /** DER of its certificate. */
  certificate: Buffer;
  notAfter: Date;
  close(): Promise<void>;
}

const SUBJECT_KEY_IDENTIFIER = '2.5.29.14';
let authorityKey: KeyPairKeyObjectResult | undefined;

/**
 * A time-stamping authority whose certificate, issued by the root of `pki`, expires at `notAfter`.
 * Its extensions are those of the PKI's own authority certificate (key usage, timeStamping,
 * revocation URLs served by the stack's authority), with its own key identifier.
 */
export async function authorityUntil(pki: Pick<DevPki, 'dir'>, notAfter: Date): Promise<Authority> {
  const root = await loadNamed(pki.dir, 'ca');
  const model = await loadNamed(pki.dir, 'tsa');
  if (!root || !model) throw new Error(`no dev PKI in ${pki.dir}`);
  // One key for every certificate, as an authority that renews its certificate keeps its key (and 2048-bit keys take 0.2 s each to make).
  const { publicKey, privateKey } = (authorityKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }));
  const spki = publicKey.export({ format: 'der', type: 'spki' });

  const cert = new pkijs.Certificate();
  cert.version = 2;
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  cert.serialNumber = new asn1js.Integer({ valueHex: toArrayBuffer(serial) });
  cert.subject = model.cert.subject;
  cert.issuer = root.cert.subject;
  cert.notBefore = new pkijs.Time({ type: 0, value: new Date(Date.now() - 3600_000) });
  cert.notAfter = new pkijs.Time({ type: notAfter.getUTCFullYear() >= 2050 ? 1 : 0, value: notAfter });
  cert.subjectPublicKeyInfo = pkijs.PublicKeyInfo.fromBER(spki);
  const info = asn1js.fromBER(toArrayBuffer(spki)).result as asn1js.Sequence;
  const keyBits = (info.valueBlock.value[1] as asn1js.BitString).valueBlock.valueHexView;
  const ski = new pkijs.Extension({
    extnID: SUBJECT_KEY_IDENTIFIER,
    critical: false,
    extnValue: new asn1js.OctetString({ valueHex: toArrayBuffer(createHash('sha1').update(keyBits).digest()) }).toBER(
      false,
    ),
  });
  cert.extensions = [...(model.cert.extensions ?? []).filter((e) => e.extnID !== SUBJECT_KEY_IDENTIFIER), ski];
  const algorithm = () =>
    new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256WithRSA, algorithmParams: new asn1js.Null() });
  cert.signature = algorithm();
  cert.signatureAlgorithm = algorithm();
  const tbs = Buffer.from(cert.encodeTBS().toBER(false));
  cert.tbsView = new Uint8Array(tbs);
  cert.signatureValue = new asn1js.BitString({ valueHex: toArrayBuffer(cryptoSign('sha256', tbs, root.key)) });
  const der = Buffer.from(cert.toSchema(true).toBER(false));

  const responder = new TimestampResponder(der, privateKey);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () =>
      res
        .writeHead(200, { 'content-type': 'application/timestamp-reply' })
        .end(responder.respond(Buffer.concat(chunks))),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    certificate: der,
    notAfter,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** SHA-256 (hex) of a certificate's DER, as archive_renewals records an authority. */
export function certificateId(der: Buffer): string {
  return createHash('sha256').update(der).digest('hex');
}

export interface InProcessRenewer {
  /** One renewal of `pdf`: fresh validation data, a document time-stamp from `tsaUrl`, its validation data. */
  renew(pdf: Buffer, tsaUrl: string): Promise<Buffer>;
  close(): Promise<void>;
}

/** The signer's renewal (appendArchiveTimestamp with refresh, as POST /timestamp-pdf runs it) in this process. */
export function inProcessRenewer(): InProcessRenewer {
  const log = createLogger('error');
  const documents = new DocumentWorkers({ size: 1, taskTimeoutMs: 60_000, heapMb: 512, log });
  // Revocation answers are reused for a minute, as the signing service does by default.
  const source = new RevocationSource({ timeoutMs: 10_000, cacheMs: 60_000 });
  return {
    // A copy goes to the worker (its buffer is transferred there): the caller's stays usable.
    renew: (pdf, tsaUrl) =>
      appendArchiveTimestamp({
        documents,
        pdf: Buffer.from(pdf),
        tsa: { url: tsaUrl, timeoutMs: 10_000 },
        source,
        signal: AbortSignal.timeout(60_000),
        refresh: true,
      }),
    close: () => documents.close(),
  };
}
