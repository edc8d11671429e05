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
import { validatePdf, type FileReport } from './engine.js';
import { loadPublicRecord, locateCode, locateRender, type PublicDocumentRecord } from './registry.js';
import { TrustAnchors } from './trust.js';
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
  private readonly anchorCache = new Map<string, TrustAnchors>();

  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStore,
    private readonly trust: TrustConfig,
  ) {}

  /** The roots for a tenant (null: any registered municipality's common roots). */
  anchorsFor(tenantSchema: string | null): TrustAnchors {
    const key = tenantSchema ?? '';
    const cached = this.anchorCache.get(key);
    if (cached) return cached;
    const files = [...this.trust.trustAnchorFiles, ...(tenantSchema ? this.trust.tenantTrustAnchorFiles[tenantSchema] ?? [] : [])];
    // A root file not there yet (the development PKI is created by the first signing service start) is looked for again next time.
    const present = files.filter((f) => existsSync(f));
    const anchors = TrustAnchors.fromPemFiles(present);
    if (present.length === files.length) this.anchorCache.set(key, anchors);
    return anchors;
  }

  /** undefined: no official document has this code (or the text is not a code). */
  async byCode(input: string): Promise<VerificationResult | undefined> {
    const code = normalizeVerificationCode(input);
    const location = code && (await locateCode(this.db, code));
    const record = location && (await loadPublicRecord(this.db, location));
    if (!location || !record) return undefined;
    const bytes = await this.storage.get(record.officialStorageKey);
    if (!bytes) return undefined;
    const report = validatePdf(bytes, { anchors: this.anchorsFor(location.tenantSchema) });
    const matchesOriginal = record.officialSha256s.includes(report.sha256);
    return { verdict: verdictOf(report, matchesOriginal), document: record, matchesOriginal, report };
  }

  /** Throws VerificationInputError for files that are not readable PDFs or over 10 MiB. */
  async byUpload(bytes: Buffer): Promise<VerificationResult> {
    let report = validatePdf(bytes, { anchors: this.anchorsFor(null) });
    const location = await locateRender(this.db, report.revisionDigests);
    const record = location ? await loadPublicRecord(this.db, location) : undefined;
    if (location && record && this.trust.tenantTrustAnchorFiles[location.tenantSchema]) {
      report = validatePdf(bytes, { anchors: this.anchorsFor(location.tenantSchema) });
    }
    const matchesOriginal = record ? record.officialSha256s.includes(report.sha256) : null;
    return { verdict: verdictOf(report, matchesOriginal), document: record ?? null, matchesOriginal, report };
  }
}
