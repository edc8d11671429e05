/**
 * The CaseFileWorkflow contract: one run per municipality (ID `case-file/<tenant>`), woken by
 * signal-with-start from the worker's outbox relay when the tenant has links to foliate or index
 * versions to sign. Found by `Tenant`. Safe to import from workflow code.
 */
import type { SearchAttributePair } from '@temporalio/common';
import { defineSignal } from '@temporalio/workflow';
import { TENANT } from './search-attributes.js';

export const CASE_FILE_WORKFLOW = 'caseFileWorkflow';
export type CaseFileWorkflow = (input: CaseFileInput) => Promise<CaseFileResult>;

export interface CaseFileInput {
  tenant: string;
  /** Carried over a continue-as-new. */
  foliated?: number;
  signed?: number;
}

/** What the run did before it ended idle. */
export interface CaseFileResult {
  foliated: number;
  signed: number;
}

/** An index version waiting for its seal. */
export interface UnsignedIndexVersion {
  case_id: string;
  version: number;
}

/** What foliating one case did. */
export interface Foliation {
  foliated: number;
  /** The index version written, or null when nothing was left to foliate. */
  version: number | null;
}

export const caseFileWakeSignal = defineSignal('wake');

export const caseFileWorkflowId = (tenant: string) => `case-file/${tenant}`;

/** The options of `client.workflow.signalWithStart` that wake (or start) a tenant's run. */
export function caseFileWakeWithStart(tenant: string, taskQueue: string) {
  return {
    workflowId: caseFileWorkflowId(tenant),
    taskQueue,
    args: [{ tenant }] as [CaseFileInput],
    signal: caseFileWakeSignal,
    signalArgs: [] as [],
    typedSearchAttributes: [{ key: TENANT, value: tenant }] as SearchAttributePair[],
    staticSummary: `Foliado e índices firmados de los expedientes de ${tenant}`,
  };
}
