/** Every activity the worker registers; workflows import only the type. */
import type { ActivityDeps } from './deps.js';
import { createArchiveActivities } from './archive.js';
import { createAuditActivities } from './audit.js';
import { createCaseActivities } from './cases.js';
import { createCaseFileActivities } from './case-file.js';
import { createCaseExportActivities } from './case-export.js';
import { createDeadlineActivities } from './deadlines.js';
import { createDocumentActivities } from './documents.js';
import { createNotificationActivities } from './notifications.js';
import { createProvisioningActivities } from './provisioning.js';
import { createRecordActivities } from './records.js';
import { createSignBatchActivities } from './sign-batch.js';
import { createSigningCredentialActivities } from './signing-credentials.js';
import { createSummaryActivities } from './summaries.js';
import { createSystemActivities } from './system.js';
import { createWebhookActivities } from './webhooks.js';

export function createActivities(deps: ActivityDeps) {
  return {
    ...createSystemActivities(deps),
    ...createDocumentActivities(deps),
    ...createCaseActivities(deps),
    ...createProvisioningActivities(deps),
    ...createRecordActivities(deps),
    ...createSummaryActivities(deps),
    ...createArchiveActivities(deps),
    ...createAuditActivities(deps),
    ...createSignBatchActivities(deps),
    ...createDeadlineActivities(deps),
    ...createNotificationActivities(deps),
    ...createWebhookActivities(deps),
    ...createCaseFileActivities(deps),
    ...createCaseExportActivities(deps),
    ...createSigningCredentialActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
