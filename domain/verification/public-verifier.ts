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
import { verdictOf, type Verdict } from './verdict.js';

export interface VerificationResult {
  verdict: Verdict;
  document: PublicDocumentRecord | null;
  /** The file checked equals the registered official file (null: nothing registered matched). */
  matchesOriginal: boolean | null;
  report: FileReport;
}

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
    const files = [...this.trust.trustAnchorFiles, ...(tenantSchema ? this.trust.tenantTrustAnchorFiles[tenantSchema] ?? [] : [])];
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
    return { verdict: verdictOf(report, matchesOriginal), document: record, matchesOriginal, report };
  }

  /** Throws VerificationInputError for files that are not readable PDFs or over 10 MiB. */
  async byUpload(bytes: Buffer): Promise<VerificationResult> {
    let report = await this.validate(bytes, null);
    const location = await locateRender(this.db, report.revisionDigests);
    const record = location ? await loadPublicRecord(this.db, location) : undefined;
    if (location && record && this.trust.tenantTrustAnchorFiles[location.tenantSchema]) {
      report = await this.validate(bytes, location.tenantSchema);
    }
    const matchesOriginal = record ? record.officialSha256s.includes(report.sha256) : null;
    return { verdict: verdictOf(report, matchesOriginal), document: record ?? null, matchesOriginal, report };
  }
}
