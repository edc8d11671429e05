/**
 * Runs keyed by a business request (case creation, record reports): started once per key, then
 * waited for or polled. A repeated request with the same key attaches to the same run; a finished
 * run answers again with its result; only a failed one may be started afresh.
 */
import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  type Client,
  type Connection,
  type WorkflowHandle,
  type WorkflowStartOptions,
} from '@temporalio/client';
import type { Workflow } from '@temporalio/common';
import { notFound } from '../../domain/errors.js';
import { waitAtMost, type Waited } from './document-signing.js';
import { businessError } from './workflow-errors.js';

/** Idempotency keys: 1–100 characters among letters, digits and `. _ : -`. */
export const REQUEST_KEY = /^[A-Za-z0-9._:-]{1,100}$/;
export const REQUEST_KEY_MESSAGE = 'Idempotency-Key invalido: 1-100 caracteres entre letras, dígitos y . _ : -';

export async function startOnce<W extends Workflow>(
  client: Client,
  type: string,
  options: WorkflowStartOptions<W>,
): Promise<WorkflowHandle<W>> {
  try {
    return await client.workflow.start<W>(type, {
      ...options,
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    return client.workflow.getHandle<W>(options.workflowId);
  }
}

/** The run's result if it has ended (or its business error), `done: false` while it runs; 404 when there is none. */
export async function pollRun<T>(
  handle: WorkflowHandle<Workflow>,
  missing: string,
): Promise<{ done: true; value: T } | { done: false }> {
  try {
    const description = await handle.describe();
    if (description.status.name === 'RUNNING') return { done: false };
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) throw notFound(missing);
    throw err;
  }
  try {
    return { done: true, value: (await handle.result()) as T };
  } catch (err) {
    throw businessError(err, missing) ?? err;
  }
}

/** Waits at most `ms` for `result`; a business failure becomes its HTTP error. */
export async function waitForRun<T>(
  connection: Connection,
  result: () => Promise<T>,
  ms: number,
  missing: string,
): Promise<Waited<T>> {
  try {
    return await waitAtMost(connection, result, ms);
  } catch (err) {
    throw businessError(err, missing) ?? err;
  }
}
