/** The CaseExportWorkflow contract. Safe to import from workflow code. */
import { defineQuery } from '@temporalio/workflow';

export const CASE_EXPORT_WORKFLOW = 'caseExportWorkflow';
export type CaseExportWorkflow = (input: CaseExportInput) => Promise<CaseExportResult>;

export interface CaseExportInput {
  tenant: string;
  /** Who asked: the export holds what they may read, and only they read it back. */
  userId: string;
  caseId: string;
  /** The case_exports row the run fills. */
  exportId: string;
}

export interface CaseExportResult {
  exportId: string;
  indexVersion: number;
  pdfSha256: string;
  bagSha256: string;
}

/** Where the run is: `done` of `total` steps (waiting for the signed index, the PDF, the package). */
export interface CaseExportProgress {
  step: 'index' | 'pdf' | 'package' | 'done';
  done: number;
  total: number;
}

export const caseExportProgressQuery = defineQuery<CaseExportProgress>('caseExportProgress');

/** One run per export; the case number reads in the Web UI's list. */
export const caseExportWorkflowId = (tenant: string, caseNumber: string, exportId: string) =>
  `case-export/${tenant}/${caseNumber}/${exportId}`;
