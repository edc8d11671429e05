/** The workflow bundle's entry point: every workflow the worker runs. Deterministic code only. */
export { systemCheckWorkflow } from './system-check.js';
export { documentSigningWorkflow } from './document-signing.js';
export { caseCreationWorkflow } from './case-creation.js';
export { providenceWorkflow } from './providence.js';
export { userProvisioningWorkflow } from './user-provisioning.js';
export { recordReportWorkflow } from './record-report.js';
export { summaryWorkflow } from './summary.js';
export { archiveRenewalWorkflow, tenantArchiveRenewalWorkflow } from './archive-renewal.js';
export { signBatchWorkflow } from './sign-batch.js';
export { deadlineWorkflow } from './deadline.js';
export { notificationWorkflow } from './notifications.js';
export { webhookDeliveryWorkflow } from './webhook-delivery.js';
export { caseExportWorkflow } from './case-export.js';
export { auditAnchorWorkflow } from './audit-anchor.js';
export { caseFileWorkflow } from './case-file.js';
export { credentialRevocationWorkflow } from './credential-revocation.js';
