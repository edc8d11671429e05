/** The RecordReportWorkflow contract. Safe to import from workflow code. */
import type { SignedSystemDocument } from './cases.js';

export const RECORD_REPORT_WORKFLOW = 'recordReportWorkflow';
export type RecordReportWorkflow = (input: RecordReportInput) => Promise<RecordReportResult>;

export interface RecordReportInput {
  tenant: string;
  /** Who asked: the report is signed on their behalf. */
  userId: string;
  recordId: string;
  /** The request key (Idempotency-Key, or one per request): a repeat finds the same run. */
  key: string;
}

/** The report's draft document, and the number of the record it reports on. */
export interface RecordReportDraft {
  documentId: string;
  recordNumber: string;
}

export interface RecordReportResult extends SignedSystemDocument {
  recordId: string;
  recordNumber: string;
  /** The record's link to the report (record_document_links). */
  linkId: string;
}
