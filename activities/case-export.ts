/**
 * Activities of CaseExportWorkflow, each one idempotent step on behalf of the requester: the index
 * version's state, the complete PDF, the BagIt package (each stored once, then found again by a
 * retry), the progress and the row's end.
 */
import { Context } from '@temporalio/activity';
import { auditEvents, buildBag } from '../domain/case-file/bag.js';
import {
  buildCompletePdf,
  completePdfName,
  exportFiles,
  exportIndexState,
  failExport,
  finishExport,
  loadExportContents,
  officialPdf,
  setExportProgress,
  storeExportFile,
} from '../domain/case-file/export.js';
import type { DomainContext } from '../domain/context.js';
import type { CaseExportStep, ExportIndexState } from '../contract/case-export.js';
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

type ExportContents = Awaited<ReturnType<typeof loadExportContents>>;

export function createCaseExportActivities(deps: ActivityDeps) {
  /** One of the export's files: found when an earlier attempt stored it, else made (with heartbeats) and stored. */
  function madeOnce(
    input: ExportStepInput,
    kind: 'pdf' | 'bag',
    make: (ctx: DomainContext, contents: ExportContents) => Promise<{ sha256: string }>,
  ) {
    return asUser(deps, input.tenant, input.userId, async (ctx) => {
      const made = (await exportFiles(ctx, input.exportId))[kind];
      if (made) return { sha256: made.sha256 };
      const stop = beat();
      try {
        return { sha256: (await make(ctx, await loadExportContents(ctx, input.exportId))).sha256 };
      } finally {
        stop();
      }
    });
  }

  return {
    async caseExportIndexState(input: ExportStepInput): Promise<ExportIndexState> {
      return asUser(deps, input.tenant, input.userId, (ctx) => exportIndexState(ctx, input.exportId));
    },

    async caseExportProgress(input: ExportStepInput & { step: CaseExportStep }): Promise<void> {
      return asUser(deps, input.tenant, input.userId, (ctx) => setExportProgress(ctx, input.exportId, input.step));
    },

    async makeCaseExportPdf(input: ExportStepInput): Promise<{ sha256: string }> {
      return madeOnce(input, 'pdf', async (ctx, contents) =>
        storeExportFile(
          ctx,
          input.exportId,
          'pdf',
          completePdfName(contents),
          await buildCompletePdf(contents, (doc) => officialPdf(ctx, doc)),
        ),
      );
    },

    async makeCaseExportBag(input: ExportStepInput): Promise<{ sha256: string }> {
      return madeOnce(input, 'bag', async (ctx, contents) => {
        const included = contents.documents.filter((d) => d.included).map((d) => d.entry.document_id);
        const audit = await ctx.db.transaction((trx) => auditEvents(trx, contents.case.id, included));
        const zip = await buildBag(contents, audit, (doc) => officialPdf(ctx, doc), new Date());
        return storeExportFile(
          ctx,
          input.exportId,
          'bag',
          `${completePdfName(contents).replace(/\.pdf$/, '')}.zip`,
          zip,
        );
      });
    },

    async finishCaseExport(input: ExportStepInput): Promise<void> {
      return asUser(deps, input.tenant, input.userId, (ctx) => finishExport(ctx, input.exportId));
    },

    async failCaseExport(input: ExportStepInput & { message: string }): Promise<void> {
      return asUser(deps, input.tenant, input.userId, (ctx) => failExport(ctx, input.exportId, input.message));
    },
  };
}
