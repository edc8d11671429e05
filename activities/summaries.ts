/**
 * Activities of SummaryWorkflow, and the step DocumentSigningWorkflow and CaseCreationWorkflow use
 * to request summaries. Requests go through the worker's own Temporal client (signal-with-start),
 * the same call the API makes, so a run that is already waiting out a burst is only signalled.
 */
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import {
  SUMMARY_PROVIDER_REJECTED_TYPE,
  SUMMARY_WORKFLOW,
  summarySignalWithStart,
  type SummarizeOutcome,
  type SummaryKind,
  type SummaryTarget,
} from '../contract/summaries.js';
import {
  createSummarizer,
  readSummarySource,
  summaryTargetsOfOfficialized,
  SummaryProviderError,
  writeSummary,
} from '../domain/summaries/index.js';
import { requireTenantDb, type ActivityDeps } from './deps.js';

const HEARTBEAT_MS = 2_000;

export function createSummaryActivities(deps: ActivityDeps) {
  const summarizer = createSummarizer(deps.config.ai);

  async function request(tenant: string, targets: SummaryTarget[]): Promise<number> {
    const { client } = Context.current();
    for (const target of targets) {
      await client.workflow.signalWithStart(
        SUMMARY_WORKFLOW,
        summarySignalWithStart(tenant, target, deps.config.temporal.taskQueue, deps.config.ai.debounceMs),
      );
    }
    return targets.length;
  }

  return {
    /** Reads the object's content, summarizes it and writes the summary unless a newer one is stored. */
    async summarizeObject(input: { tenant: string; kind: SummaryKind; id: string }): Promise<SummarizeOutcome> {
      const db = await requireTenantDb(deps, input.tenant);
      const source = await db.transaction((trx) => readSummarySource(trx, input.kind, input.id));
      if (!source) return { status: 'missing', number: null, provider: null, model: null, version: null };
      const activity = Context.current();
      const beat = setInterval(() => activity.heartbeat(), HEARTBEAT_MS);
      let summary;
      try {
        summary = await summarizer.summarize({ kind: input.kind, text: source.text });
      } catch (err) {
        if (err instanceof SummaryProviderError && !err.retryable)
          throw ApplicationFailure.nonRetryable(err.message, SUMMARY_PROVIDER_REJECTED_TYPE);
        throw err;
      } finally {
        clearInterval(beat);
      }
      // Nothing to say (no text): the field stays null rather than holding an empty summary.
      if (!summary.text)
        return {
          status: 'missing',
          number: source.number,
          provider: summary.provider,
          model: summary.model,
          version: source.version,
        };
      const written = await writeSummary(db, input.kind, input.id, source.version, summary);
      return {
        status: written ? 'written' : 'superseded',
        number: source.number,
        provider: summary.provider,
        model: summary.model,
        version: source.version,
      };
    },

    /** After officialization: the memo's summary and those of the cases the document is linked to. */
    async requestSummariesOfOfficialized(input: { tenant: string; documentId: string }): Promise<number> {
      const db = await requireTenantDb(deps, input.tenant);
      return request(input.tenant, await db.transaction((trx) => summaryTargetsOfOfficialized(trx, input.documentId)));
    },

    async requestSummaries(input: { tenant: string; targets: SummaryTarget[] }): Promise<number> {
      return request(input.tenant, input.targets);
    },
  };
}
