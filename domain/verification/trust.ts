/**
 * Certificate paths: from a signer's certificate through the certificates its CMS carries to a
 * configured trust anchor, each link's signature and validity checked with Node's X509Certificate.
 * Revocation is not checked (the development PKI publishes none; validators in the tests run
 * with revocation checks off too).
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

const MAX_PATH = 8;

export interface TrustResult {
  trusted: boolean;
  /** Subjects from the signer up to the anchor (RFC 4514 order). */
  path: string[];
  problem: string | null;
}

export class TrustAnchors {
  constructor(readonly anchors: X509Certificate[]) {}

  /** PEM files, each holding one or more certificates. Unreadable files are a configuration error. */
  static fromPemFiles(files: string[]): TrustAnchors {
    const certs: X509Certificate[] = [];
    for (const file of files) {
      const pem = readFileSync(file, 'utf8');
      for (const block of pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [])
        certs.push(new X509Certificate(block));
    }
    return new TrustAnchors(certs);
  }

  with(extra: TrustAnchors): TrustAnchors {
    return new TrustAnchors([...this.anchors, ...extra.anchors]);
  }

  /** Whether `leaf` chains to an anchor through `pool`, every certificate valid at `at`. */
  check(leaf: X509Certificate, pool: X509Certificate[], at: Date): TrustResult {
    const path: string[] = [];
    let current = leaf;
    for (let depth = 0; depth < MAX_PATH; depth++) {
      path.push(current.subject.split('\n').reverse().join(', '));
      if (!validAt(current, at))
        return {
          trusted: false,
          path,
          problem: `certificate ${current.subject.replace(/\n/g, ', ')} not valid at ${at.toISOString()}`,
        };
      const anchor = this.anchors.find(
        (a) => a.raw.equals(current.raw) || (current.checkIssued(a) && current.verify(a.publicKey)),
      );
      if (anchor) {
        if (!anchor.raw.equals(current.raw) && !validAt(anchor, at))
          return { trusted: false, path, problem: 'the trust anchor is not valid at the signing time' };
        return { trusted: true, path, problem: null };
      }
      const issuer = pool.find(
        (c) => !c.raw.equals(current.raw) && c.ca && current.checkIssued(c) && current.verify(c.publicKey),
      );
      if (!issuer) return { trusted: false, path, problem: 'the certificate does not chain to a trusted root' };
      current = issuer;
    }
    return { trusted: false, path, problem: 'certificate path too long' };
  }
}

function validAt(cert: X509Certificate, at: Date): boolean {
  return at >= new Date(cert.validFrom) && at <= new Date(cert.validTo);
}
