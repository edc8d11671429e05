/**
 * What a file holds beyond the registered original (or, for a file nothing registered matches,
 * beyond its first signed revision), one entry per addition or modification: the public answer
 * says what changed, not only that something did.
 */
import type { FileReport } from './engine.js';
import type { ChangeCode } from './changes.js';
import type { Registration } from './verdict.js';

export type LaterChangeKind =
  | 'signature'
  | 'timestamp'
  | 'validation_data'
  | 'metadata'
  | 'empty_field'
  | 'unchanged'
  | 'modification';

export interface LaterChange {
  revision: number;
  kind: LaterChangeKind;
  /** The signature or time-stamp field (signature, timestamp). */
  field: string | null;
  /** Its certificate's subject (signature) or the authority (timestamp). */
  signer: string | null;
  /** What was modified (modification). */
  code: ChangeCode | null;
  page: number | null;
  object: number | null;
  detail: string | null;
}

export function laterChanges(report: FileReport, registration: Registration | null): LaterChange[] {
  const base = registration?.originalRevision ?? null;
  const firstSigned = Math.min(...report.signatures.map((s) => s.revision ?? Infinity));
  const from = base ?? (Number.isFinite(firstSigned) ? firstSigned : Infinity);
  const bySignature = new Map(report.signatures.map((s) => [s.fieldName, s]));
  const entries: LaterChange[] = [];
  for (const u of report.updates) {
    if (u.revision <= from) continue;
    const none = { field: null, signer: null, code: null, page: null, object: null, detail: null };
    if (u.kind === 'modification') {
      for (const c of u.changes)
        entries.push({
          ...none,
          revision: u.revision,
          kind: 'modification',
          code: c.code,
          page: c.page,
          object: c.object,
          detail: c.detail,
        });
      continue;
    }
    for (const field of u.closedBy) {
      const s = bySignature.get(field);
      entries.push({
        ...none,
        revision: u.revision,
        kind: s?.kind === 'timestamp' ? 'timestamp' : 'signature',
        field,
        signer: s?.signerSubject ?? null,
      });
    }
    // Without a signature closing it, an update says what it did; a signature's own field and data go with it.
    const own = u.closedBy.length ? new Set(['signature_field', 'validation_data', 'unchanged']) : new Set<string>();
    const did = u.allowed.filter((a) => !own.has(a) && a !== 'unchanged');
    if (u.closedBy.length === 0 && did.length === 0) did.push('unchanged');
    for (const a of did)
      entries.push({ ...none, revision: u.revision, kind: a === 'signature_field' ? 'empty_field' : a });
  }
  return entries;
}
