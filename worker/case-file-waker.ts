/** Wakes a tenant's CaseFileWorkflow when it has links to foliate or index versions to sign. */
import type { Config } from '../config/index.js';
import { CASE_FILE_WORKFLOW, caseFileWakeWithStart } from '../contract/case-file.js';
import { caseFileHasWork, caseFileWork } from '../domain/case-file/work.js';
import type { OutboxWaker } from './outbox-relay.js';

export function caseFileWaker(config: Config): OutboxWaker {
  const wake: OutboxWaker = async (db, client) => {
    if (!(await caseFileHasWork(db))) return;
    await client.workflow.signalWithStart(
      CASE_FILE_WORKFLOW,
      caseFileWakeWithStart(db.tenant.schema, config.temporal.taskQueue),
    );
  };
  return Object.assign(wake, { pending: caseFileWork });
}
