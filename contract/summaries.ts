/**
 * The SummaryWorkflow contract: one run per summarized object at a time
 * (ID `summary/<tenant>/<kind>/<id>`), started or woken with signal-with-start whenever the
 * object's summarized content changes. Safe to import from workflow code.
 */
import type { SearchAttributePair } from '@temporalio/common';
import { defineSignal } from '@temporalio/workflow';
import { SUMMARY_OF, TENANT } from './search-attributes.js';

/** What is summarized: a record, a case or a memo. */
export type SummaryKind = 'record' | 'case' | 'memo';

/** The object a summary is asked for. */
export interface SummaryTarget {
  kind: SummaryKind;
  id: string;
  /** The object's number when known (the run's search attribute). */
  number?: string;
}

export const SUMMARY_WORKFLOW = 'summaryWorkflow';
export type SummaryWorkflow = (input: SummaryInput) => Promise<SummaryRunResult>;

/** Failure type of a provider refusal that retrying cannot fix (e.g. a 400 from the model server). */
export const SUMMARY_PROVIDER_REJECTED_TYPE = 'SummaryProviderRejected';

export interface SummaryInput {
  tenant: string;
  kind: SummaryKind;
  id: string;
  /** Quiet time after the last change before summarizing (SUMMARY_DEBOUNCE_MS). */
  debounceMs: number;
  /** A change arrived that the previous run (continued as new) had not summarized yet. */
  pending?: boolean;
}

export interface SummaryRunResult {
  /** Change signals this run received. */
  changes: number;
  /** Summaries made (each after a quiet period). */
  runs: number;
  /** Of those, written (not superseded by a newer version). */
  written: number;
  /** Provider refusals that retrying could not fix. */
  failed: number;
}

/** What summarizeObject reports back to the workflow. */
export interface SummarizeOutcome {
  status: 'written' | 'superseded' | 'missing';
  number: string | null;
  provider: string | null;
  model: string | null;
  version: number | null;
}

/** "The summarized content changed": the run summarizes after the next quiet period. */
export const contentChangedSignal = defineSignal('contentChanged');

export const summaryWorkflowId = (tenant: string, kind: SummaryKind, id: string) => `summary/${tenant}/${kind}/${id}`;

/** The options of `client.workflow.signalWithStart` that request a summary (API and activities alike). */
export function summarySignalWithStart(tenant: string, request: SummaryTarget, taskQueue: string, debounceMs: number) {
  return {
    workflowId: summaryWorkflowId(tenant, request.kind, request.id),
    taskQueue,
    args: [{ tenant, kind: request.kind, id: request.id, debounceMs }] as [SummaryInput],
    signal: contentChangedSignal,
    signalArgs: [] as [],
    typedSearchAttributes: [
      { key: TENANT, value: tenant },
      ...(request.number ? [{ key: SUMMARY_OF, value: [request.number] }] : []),
    ] as SearchAttributePair[],
  };
}
