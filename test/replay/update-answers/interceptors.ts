/**
 * Workflow interceptors for the update-answers replay test: every update a replayed run handles
 * reports its answer (or its failure's message) through the `answers` sink. Workflow code: runs
 * in the sandbox, imports only the workflow SDK.
 */
import { proxySinks, type Sinks, type WorkflowInterceptorsFactory } from '@temporalio/workflow';

export interface AnswerSinks extends Sinks {
  answers: { record(updateId: string, name: string, answer: { result?: unknown; failure?: string }): void };
}

const { answers } = proxySinks<AnswerSinks>();

export const interceptors: WorkflowInterceptorsFactory = () => ({
  inbound: [
    {
      async handleUpdate(input, next) {
        try {
          const result = await next(input);
          answers.record(input.updateId, input.name, { result: JSON.parse(JSON.stringify(result ?? null)) });
          return result;
        } catch (err) {
          answers.record(input.updateId, input.name, { failure: (err as Error).message });
          throw err;
        }
      },
    },
  ],
});
