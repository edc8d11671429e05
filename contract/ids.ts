/**
 * Task queue and workflow IDs. An ID reads `<workflow>/<tenant>/<business key>`, so a run is
 * found by prefix in the Web UI and a second start for the same business key is refused by
 * Temporal itself (that is what makes starts idempotent). Safe to import from workflow code.
 */
export const workflowIds = {
  systemCheck: (tenant: string, at: string) => `system-check/${tenant}/${at}`,
  /** One run per signing round; a new round (after a rejection) reuses the ID. */
  documentSigning: (tenant: string, documentId: string) => `document-signing/${tenant}/${documentId}`,
  /** Idempotency keys are scoped to the user who sends them. */
  caseCreation: (tenant: string, userId: string, key: string) => `case-creation/${tenant}/${userId}/${key}`,
  /** The case number reads in the Web UI's list, where the movement id alone would say nothing. */
  providence: (tenant: string, caseNumber: string, movementId: string) =>
    `providence/${tenant}/${caseNumber}/${movementId}`,
  userProvisioning: (tenant: string, email: string) => `user-provisioning/${tenant}/${email.toLowerCase()}`,
  /** One revocation per deactivated user. */
  credentialRevocation: (tenant: string, userId: string) => `credential-revocation/${tenant}/${userId}`,
  /** One run per report request; the key is scoped to the record. */
  recordReport: (tenant: string, recordId: string, key: string) => `record-report/${tenant}/${recordId}/${key}`,
  /** One archive time-stamp renewal run per tenant and day (`day` is YYYY-MM-DD). */
  archiveRenewal: (tenant: string, day: string) => `archive-renewal/${tenant}/${day}`,
  /** The timers of a signing round's deadline: one run per round. */
  signingDeadline: (tenant: string, documentId: string, round: number) =>
    `deadline/${tenant}/document/${documentId}/${round}`,
  /** The timers of a transfer's or assignment's deadline. */
  caseDeadline: (tenant: string, movementId: string) => `deadline/${tenant}/movement/${movementId}`,
} as const;
