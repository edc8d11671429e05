/** The SystemCheckWorkflow contract. Safe to import from workflow code. */
export const SYSTEM_CHECK_WORKFLOW = 'systemCheckWorkflow';
export type SystemCheckWorkflow = (input: SystemCheckInput) => Promise<SystemCheckResult>;

export interface SystemCheckInput {
  tenant: string;
}

/** The check row the step wrote (or found, on a retry). */
export interface SystemCheckRow {
  id: string;
  workflow_id: string;
  /** ISO. */
  checked_at: string;
}

export interface SystemCheckResult {
  tenant: string;
  workflowId: string;
  checkId: string;
  checkedAt: string;
}
