/**
 * Revocation status and issuer certificates, fetched where the certificates say (AIA OCSP, CRL
 * distribution points, caIssuers) at signing time and cached briefly. An OCSP response must be
 * signed by the issuer or by a responder the issuer authorised; a CRL by the issuer. What is
 * kept is the DER exactly as published: it goes into the document's /DSS unchanged.
 */
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { toArrayBuffer } from '../pades/cms.js';
import { ResponseTooLarge, send } from '../http/outbound.js';
import { issuedBy, parseCertificate, type ParsedCertificate } from './certificates.js';

export interface RevocationEvidence {
  kind: 'ocsp' | 'crl';
  /** OCSPResponse or CertificateList, DER. */
  der: Buffer;
  thisUpdate: Date;
  status: 'good' | 'revoked';
  revokedAt?: Date | undefined;
}

/** A certificate of the chain is revoked: the signature must not be made (or kept). */
export class CertificateRevoked extends Error {
  constructor(
    readonly certificate: ParsedCertificate,
    readonly revokedAt: Date | undefined,
  ) {
    super(
      `the certificate "${certificate.subject}" (serial ${certificate.serial}) was revoked${revokedAt ? ` on ${revokedAt.toISOString()}` : ''}`,
    );
  }
}

/** Validation data could not be obtained or verified. */
export class ValidationDataError extends Error {}

/**
 * The CRLs downloaded for one /DSS, by URL. A CRL covers every certificate of its issuer: the
 * signer's CA and the time-stamping authority often share the root's. Downloaded once, the DSS
 * holds it once; downloaded twice, a CA that signs a fresh CRL per request (the development one,
 * each second) would put two CRLs of one issuer in the document.
 */
export type CrlDownloads = Map<string, Promise<Buffer>>;

export interface StatusOptions {
  freshAfter?: Date | undefined;
  signal?: AbortSignal | undefined;
  /** Shared by the statuses of one /DSS (see CrlDownloads). */
  crls?: CrlDownloads | undefined;
}

export interface RevocationSourceOptions {
  timeoutMs: number;
  /** How long a fetched response may be reused. */
  cacheMs: number;
  /** Ask this OCSP responder instead of the certificates' AIA (production override). */
  ocspUrl?: string | undefined;
}

const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
const OCSP_BASIC = '1.3.6.1.5.5.7.48.1.1';

export class RevocationSource {
  private readonly cache = new Map<string, { evidence: RevocationEvidence; fetchedAt: number }>();
  private readonly inFlight = new Map<string, { started: number; promise: Promise<RevocationEvidence> }>();
  private readonly issuers = new Map<string, { cert: ParsedCertificate; fetchedAt: number }>();

  constructor(private readonly options: RevocationSourceOptions) {}

  /**
   * The status of `cert` (issued by `issuer`). `freshAfter`: a cached answer older than this
   * is fetched again (LT data should postdate the signature's time-stamp); whatever the
   * responder then says is taken — a CA may publish pre-produced responses.
   */
  async status(
    cert: ParsedCertificate,
    issuer: ParsedCertificate,
    options: StatusOptions = {},
  ): Promise<RevocationEvidence> {
    const now = Date.now();
    const cached = this.cache.get(cert.id);
    const usable = (e: RevocationEvidence, at: number) =>
      now - at < this.options.cacheMs && (!options.freshAfter || e.thisUpdate >= options.freshAfter);
    if (cached && usable(cached.evidence, cached.fetchedAt)) return cached.evidence;
    const running = this.inFlight.get(cert.id);
    if (running && (!options.freshAfter || running.started >= options.freshAfter.getTime())) return running.promise;
    const promise = this.fetchStatus(cert, issuer, options.signal, options.crls).then((evidence) => {
      this.cache.set(cert.id, { evidence, fetchedAt: Date.now() });
      if (this.cache.size > 1000) this.cache.delete(this.cache.keys().next().value!);
      return evidence;
    });
    const entry = { started: now, promise };
    this.inFlight.set(cert.id, entry);
    promise.finally(() => this.inFlight.get(cert.id) === entry && this.inFlight.delete(cert.id)).catch(() => undefined);
    return promise;
  }

  /**
   * `leaf` and its issuers up to a self-signed root: from `known` first, then from caIssuers
   * URLs. Stops (without failing) where no issuer can be found.
   */
  async chain(leaf: ParsedCertificate, known: ParsedCertificate[], signal?: AbortSignal): Promise<ParsedCertificate[]> {
    const chain = [leaf];
    for (let current = leaf; !current.selfSigned && chain.length < 10; ) {
      let issuer: ParsedCertificate | undefined;
      for (const candidate of known)
        if (candidate.id !== current.id && (await issuedBy(current, candidate))) issuer = candidate;
      issuer ??= await this.fetchIssuer(current, signal);
      if (!issuer || chain.some((c) => c.id === issuer!.id)) break;
      chain.push(issuer);
      current = issuer;
    }
    return chain;
  }

  private async fetchIssuer(cert: ParsedCertificate, signal?: AbortSignal): Promise<ParsedCertificate | undefined> {
    for (const url of cert.caIssuersUrls) {
      const cached = this.issuers.get(url);
      if (cached && Date.now() - cached.fetchedAt < 60 * 60 * 1000 && (await issuedBy(cert, cached.cert)))
        return cached.cert;
      const body = await this.get(url, 'GET', undefined, signal);
      let issuer: ParsedCertificate;
      try {
        issuer = parseCertificate(body);
      } catch {
        // caIssuers may also be a PKCS#7 bundle; only single DER certificates are read.
        continue;
      }
      this.issuers.set(url, { cert: issuer, fetchedAt: Date.now() });
      if (await issuedBy(cert, issuer)) return issuer;
    }
    return undefined;
  }

  private async fetchStatus(
    cert: ParsedCertificate,
    issuer: ParsedCertificate,
    signal?: AbortSignal,
    crls?: CrlDownloads,
  ): Promise<RevocationEvidence> {
    const ocspUrls = this.options.ocspUrl ? [this.options.ocspUrl] : cert.ocspUrls;
    const problems: string[] = [];
    for (const url of ocspUrls) {
      try {
        return await this.ocsp(url, cert, issuer, signal);
      } catch (err) {
        if (signal?.aborted) throw err;
        problems.push(`OCSP ${url}: ${(err as Error).message}`);
      }
    }
    for (const url of cert.crlUrls) {
      try {
        return await this.crl(url, cert, issuer, signal, crls);
      } catch (err) {
        if (signal?.aborted) throw err;
        problems.push(`CRL ${url}: ${(err as Error).message}`);
      }
    }
    if (!problems.length)
      throw new ValidationDataError(`the certificate "${cert.subject}" names no OCSP responder or CRL`);
    throw new ValidationDataError(`no revocation status for "${cert.subject}": ${problems.join('; ')}`);
  }

  private async ocsp(
    url: string,
    cert: ParsedCertificate,
    issuer: ParsedCertificate,
    signal?: AbortSignal,
  ): Promise<RevocationEvidence> {
    const request = new pkijs.OCSPRequest();
    // SHA-1 CertIDs are what every responder understands (RFC 5019).
    await request.createForCertificate(cert.cert, { hashAlgorithm: 'SHA-1', issuerCertificate: issuer.cert });
    const der = await this.get(url, 'POST', Buffer.from(request.toSchema(true).toBER(false)), signal);
    const response = pkijs.OCSPResponse.fromBER(toArrayBuffer(der));
    const status = response.responseStatus.valueBlock.valueDec;
    if (status !== 0) throw new Error(`responder status ${status}`);
    if (!response.responseBytes || response.responseBytes.responseType !== OCSP_BASIC)
      throw new Error('not a basic OCSP response');
    const basic = pkijs.BasicOCSPResponse.fromBER(response.responseBytes.response.valueBlock.valueHexView);
    const signedByIssuer = await pkijs
      .getCrypto(true)
      .verifyWithPublicKey(
        basic.tbsResponseData.tbsView,
        basic.signature,
        issuer.cert.subjectPublicKeyInfo,
        basic.signatureAlgorithm,
      )
      .catch(() => false);
    // Otherwise a delegated responder, whose certificate (in the response) the issuer signed for OCSP.
    const delegated =
      !signedByIssuer &&
      !!basic.certs?.length &&
      (await basic.verify({ trustedCerts: [issuer.cert] }).catch(() => false));
    if (!signedByIssuer && !delegated)
      throw new Error('response not signed by the issuer or a responder it authorised');
    const { isForCertificate, status: certStatus } = await basic.getCertificateStatus(cert.cert, issuer.cert);
    if (!isForCertificate) throw new Error('response is for another certificate');
    if (certStatus === 2) throw new Error('status unknown');
    const single = basic.tbsResponseData.responses[0]!;
    const revokedAt = certStatus === 1 ? revocationTime(single.certStatus) : undefined;
    return {
      kind: 'ocsp',
      der,
      thisUpdate: single.thisUpdate,
      status: certStatus === 1 ? 'revoked' : 'good',
      revokedAt,
    };
  }

  private async crl(
    url: string,
    cert: ParsedCertificate,
    issuer: ParsedCertificate,
    signal?: AbortSignal,
    crls?: CrlDownloads,
  ): Promise<RevocationEvidence> {
    let download = crls?.get(url);
    if (!download) {
      const started = this.get(url, 'GET', undefined, signal);
      download = started;
      if (crls) {
        crls.set(url, started);
        // A failed download is not shared: the next certificate tries again.
        started.catch(() => crls.get(url) === started && crls.delete(url));
      }
    }
    const der = await download;
    const crl = pkijs.CertificateRevocationList.fromBER(toArrayBuffer(der));
    if (!(await crl.verify({ issuerCertificate: issuer.cert }).catch(() => false)))
      throw new Error('CRL not signed by the issuer');
    if (crl.nextUpdate && crl.nextUpdate.value.getTime() < Date.now()) throw new Error('CRL expired');
    const serial = Buffer.from(cert.cert.serialNumber.valueBlock.valueHexView);
    const entry = crl.revokedCertificates?.find((r) =>
      Buffer.from(r.userCertificate.valueBlock.valueHexView).equals(serial),
    );
    return {
      kind: 'crl',
      der,
      thisUpdate: crl.thisUpdate.value,
      status: entry ? 'revoked' : 'good',
      revokedAt: entry?.revocationDate.value,
    };
  }

  private async get(
    url: string,
    method: 'GET' | 'POST',
    body: Buffer | undefined,
    signal?: AbortSignal,
  ): Promise<Buffer> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const res = await send(url, {
        method,
        body,
        signal: combined,
        headers: body ? { 'content-type': 'application/ocsp-request' } : {},
        maxBytes: MAX_RESPONSE_BYTES,
      });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      return res.body;
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) throw new Error(`no answer within ${this.options.timeoutMs} ms`);
      if (err instanceof ResponseTooLarge) throw new Error('oversized response');
      throw err;
    }
  }
}

function revocationTime(certStatus: unknown): Date | undefined {
  const value = (certStatus as asn1js.Constructed | undefined)?.valueBlock?.value?.[0];
  return value instanceof asn1js.GeneralizedTime ? value.toDate() : undefined;
}
