/**
 * The audit anchor contract: a daily schedule starts AuditAnchorWorkflow, which time-stamps each
 * municipality's audit chain head (one activity per tenant). Safe to import from workflow code.
 */
export const AUDIT_ANCHOR_WORKFLOW = 'auditAnchorWorkflow';
/** The schedule's ID (one per namespace and task queue). */
export const AUDIT_ANCHOR_SCHEDULE = 'audit-anchor';

/** One municipality's anchor: its chain head time-stamped, or why nothing was (no events, none since the last). */
export type AnchorOutcome =
  | { anchored: false; reason: 'empty' | 'unchanged' }
  | { anchored: true; position: string; hash: string; timestampedAt: string };

export interface AuditAnchorResult {
  tenants: number;
  anchored: number;
  /** Municipalities whose anchor failed for good (the others go on). */
  failed: string[];
}
