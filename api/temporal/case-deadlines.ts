/**
 * The API's side of a case's deadlines: after a transfer or assignment with a deadline commits,
 * its DeadlineWorkflow starts (ID `deadline/<tenant>/movement/<id>`, found by Tenant and
 * CaseNumber); after a close-assign or a transfer that ended deadlines, their runs are cancelled.
 * A run that could not be cancelled still ends at its next point, when it finds the deadline ended.
 */
import { WorkflowNotFoundError } from '@temporalio/client';
import type { MovementResult } from '../../contract/cases.js';
import { DEADLINE_WORKFLOW, type DeadlineWorkflow } from '../../contract/deadline.js';
import { workflowIds } from '../../contract/ids.js';
import { CASE_NUMBER, OWNER_SECTOR, STATUS, TENANT } from '../../contract/search-attributes.js';
import type { DomainContext } from '../../domain/context.js';
import type { ApiDeps } from '../deps.js';
import { startOnce } from './workflow-runs.js';

export function caseDeadlines(deps: ApiDeps) {
  const { client } = deps.temporal;

  async function cancel(ctx: DomainContext, movementIds: string[]): Promise<void> {
    for (const movementId of movementIds) {
      await client.workflow
        .getHandle(workflowIds.caseDeadline(ctx.tenant.schema, movementId))
        .cancel()
        .catch((err: unknown) => {
          if (!(err instanceof WorkflowNotFoundError))
            deps.log.warn('deadline run not cancelled', { movementId, error: (err as Error).message });
        });
    }
  }

  return {
    cancel,

    /** After a movement: cancels the deadlines it ended, starts its own. */
    async follow(ctx: DomainContext, movement: MovementResult): Promise<void> {
      await cancel(ctx, movement.endedDeadlines ?? []);
      if (!movement.dueAt) return;
      await startOnce<DeadlineWorkflow>(client, DEADLINE_WORKFLOW, {
        workflowId: workflowIds.caseDeadline(ctx.tenant.schema, movement.movementId),
        taskQueue: deps.config.temporal.taskQueue,
        args: [
          {
            tenant: ctx.tenant.schema,
            subject: { kind: 'case', caseId: movement.caseId, movementId: movement.movementId },
          },
        ],
        typedSearchAttributes: [
          { key: TENANT, value: ctx.tenant.schema },
          { key: CASE_NUMBER, value: movement.caseNumber },
          { key: OWNER_SECTOR, value: movement.toSector.acronym },
          { key: STATUS, value: 'pending' },
        ],
        memo: { due_at: movement.dueAt, movement_type: movement.movementType, to_sector: movement.toSector.acronym },
        staticSummary: `Plazo de ${movement.caseNumber} en ${movement.toSector.acronym} hasta ${movement.dueAt}`,
      }).catch((err: unknown) => {
        // The movement stands; its deadline still shows in the case and its lists.
        deps.log.error('deadline run not started', { movementId: movement.movementId, error: (err as Error).message });
      });
    },
  };
}
