/** The SystemCheckWorkflow contract. Safe to import from workflow code. */
export const SYSTEM_CHECK_WORKFLOW = 'systemCheckWorkflow';
export type SystemCheckWorkflow = (input: SystemCheckInput) => Promise<SystemCheckResult>;

export interface SystemCheckInput {
  tenant: string;
}

export interface SystemCheckResult {
  tenant: string;
  workflowId: string;
  checkId: string;
  checkedAt: string;
}
