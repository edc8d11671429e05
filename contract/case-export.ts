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

/** The run's steps: waiting for the signed index, the complete PDF, the package; then done. */
export type CaseExportStep = 'index' | 'pdf' | 'package' | 'done';

/** Where the run is: `done` of `total` steps. */
export interface CaseExportProgress {
  step: CaseExportStep;
  done: number;
  total: number;
}

/** The index version the export is of (null until the case has one), and whether it is signed yet. */
export interface ExportIndexState {
  version: number | null;
  signed: boolean;
}

export const caseExportProgressQuery = defineQuery<CaseExportProgress>('caseExportProgress');

/** One run per export; the case number reads in the Web UI's list. */
export const caseExportWorkflowId = (tenant: string, caseNumber: string, exportId: string) =>
  `case-export/${tenant}/${caseNumber}/${exportId}`;
