/**
 * Activities of CaseExportWorkflow, each one idempotent step on behalf of the requester: the index
 * version's state, the complete PDF, the BagIt package (each stored once, then found again by a
 * retry), the progress and the row's end.
 */
import { Context } from '@temporalio/activity';
import { auditEvents, buildBag } from '../domain/case-file/bag.js';
import {
  buildCompletePdf, completePdfName, exportFiles, exportIndexState, failExport, finishExport, loadExportContents, officialPdf, setExportProgress, storeExportFile,
  type ExportStep,
} from '../domain/case-file/export.js';
import { asUser, type ActivityDeps } from './deps.js';

interface ExportStepInput {
  tenant: string;
  userId: string;
  exportId: string;
}

/** Heartbeats while a file is made, so a dead worker's attempt is retried elsewhere. */
function beat(): () => void {
  let ctx: Context | undefined;
  try {
    ctx = Context.current();
  } catch {
    return () => undefined;
  }
  const timer = setInterval(() => ctx!.heartbeat(), 2_000);
  return () => clearInterval(timer);
}

export function createCaseExportActivities(deps: ActivityDeps) {
  return {
    async caseExportIndexState(input: ExportStepInput) {
      return asUser(deps, input.tenant, input.userId, (ctx) => exportIndexState(ctx, input.exportId));
    },

    async caseExportProgress(input: ExportStepInput & { step: ExportStep }) {
      return asUser(deps, input.tenant, input.userId, (ctx) => setExportProgress(ctx, input.exportId, input.step));
    },

    async makeCaseExportPdf(input: ExportStepInput): Promise<{ sha256: string }> {
      return asUser(deps, input.tenant, input.userId, async (ctx) => {
        const made = (await exportFiles(ctx, input.exportId)).pdf;
        if (made) return { sha256: made.sha256 };
        const stop = beat();
        try {
          const contents = await loadExportContents(ctx, input.exportId);
          const pdf = await buildCompletePdf(contents, (doc) => officialPdf(ctx, doc));
          return { sha256: (await storeExportFile(ctx, input.exportId, 'pdf', completePdfName(contents), pdf)).sha256 };
        } finally {
          stop();
        }
      });
    },

    async makeCaseExportBag(input: ExportStepInput): Promise<{ sha256: string }> {
      return asUser(deps, input.tenant, input.userId, async (ctx) => {
        const made = (await exportFiles(ctx, input.exportId)).bag;
        if (made) return { sha256: made.sha256 };
        const stop = beat();
        try {
          const contents = await loadExportContents(ctx, input.exportId);
          const included = contents.documents.filter((d) => d.included).map((d) => d.entry.document_id);
          const audit = await ctx.db.transaction((trx) => auditEvents(trx, contents.case.id, included));
          const zip = await buildBag(contents, audit, (doc) => officialPdf(ctx, doc), new Date());
          return { sha256: (await storeExportFile(ctx, input.exportId, 'bag', `${completePdfName(contents).replace(/\.pdf$/, '')}.zip`, zip)).sha256 };
        } finally {
          stop();
        }
      });
    },

    async finishCaseExport(input: ExportStepInput) {
      return asUser(deps, input.tenant, input.userId, (ctx) => finishExport(ctx, input.exportId));
    },

    async failCaseExport(input: ExportStepInput & { message: string }) {
      return asUser(deps, input.tenant, input.userId, (ctx) => failExport(ctx, input.exportId, input.message));
    },
  };
}
