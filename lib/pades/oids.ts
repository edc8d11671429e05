/** Object identifiers used by the CMS and time-stamp structures (signing and verification). */
export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  sha256WithRSA: '1.2.840.113549.1.1.11',
  ecdsaWithSHA256: '1.2.840.10045.4.3.2',
} as const;

/** Digest algorithms a time-stamp request may use, with their Node names and lengths. */
export const DIGESTS: Record<string, { node: string; length: number }> = {
  [OID.sha256]: { node: 'sha256', length: 32 },
  [OID.sha384]: { node: 'sha384', length: 48 },
  [OID.sha512]: { node: 'sha512', length: 64 },
};
