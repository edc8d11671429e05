/**
 * Public verification: by code (the register's official file is validated) or by upload (the
 * uploaded bytes are validated and matched to the register through the SHA-256 of their first
 * revision, the render the platform recorded). Answers carry only what `PublicDocumentRecord`
 * allows.
 */
import { existsSync } from 'node:fs';
import type { Db } from '../../db/connection.js';
import type { ObjectStore } from '../storage/object-store.js';
import { normalizeVerificationCode } from '../../lib/verification-code.js';
import { UnreadablePdfError, runPdfTask } from '../documents/pdf-workers.js';
import type { FileReport } from './engine.js';
import { VerificationInputError } from './errors.js';
import { loadPublicRecord, locateCode, locateRender, type PublicDocumentRecord } from './registry.js';
import { laterChanges, type LaterChange } from './later-changes.js';
import { attributeSignatures } from './signers.js';
import { verdictOf, type Registration, type Verdict } from './verdict.js';

export interface VerificationResult {
  verdict: Verdict;
  document: PublicDocumentRecord | null;
  /** The file checked equals the registered official file (null: nothing registered matched). */
  matchesOriginal: boolean | null;
  /** What the register says of the file (null: nothing registered matched). */
  registration: Registration | null;
  /** What the file holds beyond the registered original (or its first signed revision). */
  changes: LaterChange[];
  report: FileReport;
}

/** Signer certificates (SHA-256) of registered official files, by the file's SHA-256; bounded. */
const MAX_CACHED_SIGNER_SETS = 256;

export interface TrustConfig {
  trustAnchorFiles: string[];
  tenantTrustAnchorFiles: Record<string, string[]>;
}

export class PublicVerifier {
  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStore,
    private readonly trust: TrustConfig,
  ) {}

  /** The root files of a tenant that exist (null: any registered municipality's common roots). */
  private anchorFilesFor(tenantSchema: string | null): string[] {
    const files = [
      ...this.trust.trustAnchorFiles,
      ...(tenantSchema ? (this.trust.tenantTrustAnchorFiles[tenantSchema] ?? []) : []),
    ];
    // A root file not there yet (the development PKI is created by the first signing service start) is looked for again next time.
    return files.filter((f) => existsSync(f));
  }

  /**
   * Validation reads the file in a PDF worker (domain/documents/pdf-workers.ts), within the
   * reader's limits and off the event loop; a file over the worker's time or memory limit is
   * refused like an unreadable one.
   */
  private async validate(bytes: Buffer, tenantSchema: string | null): Promise<FileReport> {
    try {
      return await runPdfTask({ kind: 'validate', pdf: bytes, anchorFiles: this.anchorFilesFor(tenantSchema) });
    } catch (err) {
      if (err instanceof UnreadablePdfError) throw new VerificationInputError('INVALID_PDF_FILE', err.message);
      throw err;
    }
  }

  /** undefined: no official document has this code (or the text is not a code). */
  async byCode(input: string): Promise<VerificationResult | undefined> {
    const code = normalizeVerificationCode(input);
    const location = code && (await locateCode(this.db, code));
    const record = location && (await loadPublicRecord(this.db, location));
    if (!location || !record) return undefined;
    const bytes = await this.storage.get(record.officialStorageKey);
    if (!bytes) return undefined;
    const report = await this.validate(bytes, location.tenantSchema);
    const matchesOriginal = record.officialSha256s.includes(report.sha256);
    const registration = await this.registration(report, record, location.tenantSchema);
    return {
      verdict: verdictOf(report, registration),
      document: record,
      matchesOriginal,
      registration,
      changes: laterChanges(report, registration),
      report,
    };
  }

  private readonly signerSets = new Map<string, Set<string>>();

  /** The certificates that signed the registered official file (read once per file). */
  private async registeredSigners(record: PublicDocumentRecord, tenantSchema: string): Promise<Set<string>> {
    const known = this.signerSets.get(record.officialSha256);
    if (known) return known;
    const bytes = await this.storage.get(record.officialStorageKey);
    const official = bytes ? await this.validate(bytes, tenantSchema) : undefined;
    const set = new Set(
      official?.signatures
        .filter((s) => s.kind === 'signature' && s.certificateSha256)
        .map((s) => s.certificateSha256!) ?? [],
    );
    if (this.signerSets.size >= MAX_CACHED_SIGNER_SETS) this.signerSets.delete(this.signerSets.keys().next().value!);
    this.signerSets.set(record.officialSha256, set);
    return set;
  }

  /**
   * Where the registered original sits in the file (the newest revision that is an official
   * file) and which signatures are not by a certificate the municipality signed it with: a copy
   * of the registered render signed with another municipality's certificate chains to the same
   * root, but is not this municipality's document.
   */
  private async registration(
    report: FileReport,
    record: PublicDocumentRecord,
    tenantSchema: string,
  ): Promise<Registration> {
    const official = new Set(record.officialSha256s);
    let originalRevision: number | null = null;
    report.revisionPrefixes.forEach((digests, i) => {
      if (digests.some((d) => official.has(d))) originalRevision = i + 1;
    });
    const from = originalRevision ?? 0;
    // Inside the registered original every signature is the municipality's by definition.
    const registered =
      originalRevision !== null
        ? new Set(
            report.signatures
              .filter((s) => s.kind === 'signature' && s.revision !== null && s.revision <= from && s.certificateSha256)
              .map((s) => s.certificateSha256!),
          )
        : await this.registeredSigners(record, tenantSchema);
    const foreignSigners = report.signatures
      .filter(
        (s) =>
          s.kind === 'signature' &&
          (s.revision ?? Infinity) > from &&
          !(s.certificateSha256 && registered.has(s.certificateSha256)),
      )
      .map((s) => s.fieldName);
    for (const s of report.signatures) {
      if (foreignSigners.includes(s.fieldName))
        s.problems.push(`the certificate is not one ${record.municipality} signs its documents with`);
    }
    const attribution = attributeSignatures(report.signatures, record, foreignSigners);
    return { matchesOriginal: official.has(report.sha256), originalRevision, foreignSigners, attribution };
  }

  /** Throws VerificationInputError for files that are not readable PDFs or over 10 MiB. */
  async byUpload(bytes: Buffer): Promise<VerificationResult> {
    let report = await this.validate(bytes, null);
    const location = await locateRender(this.db, report.revisionDigests);
    const record = location ? await loadPublicRecord(this.db, location) : undefined;
    if (location && record && this.trust.tenantTrustAnchorFiles[location.tenantSchema]) {
      report = await this.validate(bytes, location.tenantSchema);
    }
    const registration = location && record ? await this.registration(report, record, location.tenantSchema) : null;
    return {
      verdict: verdictOf(report, registration),
      document: record ?? null,
      matchesOriginal: registration?.matchesOriginal ?? null,
      registration,
      changes: laterChanges(report, registration),
      report,
    };
  }
}
