/**
 * `POST /cases/{id}/export` and `GET /cases/{id}/exports/{export_id}`: the API's side of
 * CaseExportWorkflow, for both interfaces (their routes are in `api/integration/` and
 * `api/backend/`). Whoever may view the case may export it (optionally naming an `index_version`);
 * the request waits at most WORKFLOW_WAIT_MS for the files, answering 200 with the finished
 * export, else 202 with where to poll — the convention of case creation. Only the requester reads
 * an export back: it holds what they may read.
 */
import {
  MAX_INDEX_VERSION,
  exportView,
  failExport,
  parseIndexVersion,
  requestExport,
} from '../../domain/case-file/export.js';
import type { UserContext } from '../../domain/context.js';
import { CASE_EXPORT_WORKFLOW, caseExportWorkflowId, type CaseExportWorkflow } from '../../contract/case-export.js';
import { CASE_NUMBER, TENANT } from '../../contract/search-attributes.js';
import type { ApiDeps } from '../deps.js';
import { bodyParser } from '../validation.js';
import { startOnce, waitForRun } from './workflow-runs.js';

export const exportBody = bodyParser<{ index_version?: number }>({
  type: 'object',
  additionalProperties: false,
  properties: { index_version: { type: 'integer', minimum: 1, maximum: MAX_INDEX_VERSION } },
});

export const exportPollPath = (caseId: string, exportId: string) => `/api/v1/cases/${caseId}/exports/${exportId}`;

type ExportView = Awaited<ReturnType<typeof exportView>>;

export function caseExports(deps: ApiDeps) {
  const { client, connection } = deps.temporal;
  return {
    async start(ctx: UserContext, caseId: string, body: unknown): Promise<{ done: boolean; view: ExportView }> {
      const { index_version } = exportBody(body);
      const requested = await requestExport(ctx, caseId, parseIndexVersion(index_version));
      // A run that could not start (Temporal unreachable) leaves its row failed, not pending for ever.
      const handle = await startOnce<CaseExportWorkflow>(client, CASE_EXPORT_WORKFLOW, {
        workflowId: caseExportWorkflowId(ctx.tenant.schema, requested.caseNumber, requested.exportId),
        taskQueue: deps.config.temporal.taskQueue,
        args: [
          {
            tenant: ctx.tenant.schema,
            userId: ctx.user.id,
            caseId: requested.caseId,
            exportId: requested.exportId,
          },
        ],
        typedSearchAttributes: [
          { key: TENANT, value: ctx.tenant.schema },
          { key: CASE_NUMBER, value: requested.caseNumber },
        ],
        staticSummary: `Exportación de ${requested.caseNumber}${requested.indexVersion ? ` (índice v${requested.indexVersion})` : ''}`,
      }).catch(async (err: unknown) => {
        await failExport(ctx, requested.exportId, 'No se pudo iniciar la exportación').catch(() => undefined);
        throw err;
      });
      // A failure is in the row (status failed, its error): the answer is the row either way.
      const waited = await waitForRun(
        connection,
        () => handle.result(),
        deps.config.workflowWaitMs,
        'Exportación no encontrada',
      ).catch(() => ({ done: true }));
      const view = await exportView(ctx, requested.caseId, requested.exportId);
      return { done: waited.done && view.status !== 'pending' && view.status !== 'running', view };
    },
    view: (ctx: UserContext, caseId: string, exportId: string) => exportView(ctx, caseId, exportId),
  };
}

/** The answer to a start still running: where to poll. */
export const exportStarted = (view: ExportView) => ({ ...view, poll: exportPollPath(view.case_id, view.export_id) });
