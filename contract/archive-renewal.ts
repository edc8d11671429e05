/**
 * The archive time-stamp renewal contract: a daily schedule starts ArchiveRenewalWorkflow, which
 * runs one TenantArchiveRenewalWorkflow per municipality (ID `archive-renewal/<tenant>/<day>`,
 * search attribute Tenant). Safe to import from workflow code.
 */
export const ARCHIVE_RENEWAL_WORKFLOW = 'archiveRenewalWorkflow';
export const TENANT_ARCHIVE_RENEWAL_WORKFLOW = 'tenantArchiveRenewalWorkflow';
/** The schedule's ID (one per namespace and task queue). */
export const ARCHIVE_RENEWAL_SCHEDULE = 'archive-renewal';

export interface ArchiveRenewalInput {
  /** Renew what expires within this many days (default: the worker's ARCHIVE_RENEWAL_WINDOW_DAYS). */
  windowDays?: number;
}

export interface TenantArchiveRenewalInput {
  tenant: string;
  windowDays?: number;
  /** Only these documents (an operator renewing chosen documents now); unset: every due one. */
  documentIds?: string[];
  /** When this run began (carried over continue-as-new): what was renewed since is not renewed again. */
  since?: string;
  /** Carried over continue-as-new: documents the signing service refused for good this run. */
  refused?: string[];
  /** Carried over continue-as-new: figures so far. */
  totals?: TenantArchiveRenewalResult;
}

export interface TenantArchiveRenewalResult {
  examined: number;
  renewed: number;
  refused: number;
}

export type ArchiveRenewalWorkflow = (
  input?: ArchiveRenewalInput,
) => Promise<{ tenants: number; renewed: number; refused: number }>;
export type TenantArchiveRenewalWorkflow = (input: TenantArchiveRenewalInput) => Promise<TenantArchiveRenewalResult>;
