/** Runs SystemCheckWorkflow through a real client: the end-to-end "is everything wired" probe. */
import { Client, Connection } from '@temporalio/client';
import { SYSTEM_CHECK_WORKFLOW, type SystemCheckResult, type SystemCheckWorkflow } from '../contract/system-check.js';
import { workflowIds } from '../contract/ids.js';
import { TENANT } from '../contract/search-attributes.js';

export async function runSystemCheck(options: {
  address: string;
  namespace: string;
  taskQueue: string;
  tenant: string;
  timeoutMs: number;
}): Promise<SystemCheckResult> {
  const connection = await Connection.connect({ address: options.address });
  try {
    const client = new Client({ connection, namespace: options.namespace });
    const handle = await client.workflow.start<SystemCheckWorkflow>(SYSTEM_CHECK_WORKFLOW, {
      taskQueue: options.taskQueue,
      workflowId: workflowIds.systemCheck(options.tenant, new Date().toISOString()),
      args: [{ tenant: options.tenant }],
      typedSearchAttributes: [{ key: TENANT, value: options.tenant }],
      memo: { purpose: 'start-up system check' },
      workflowExecutionTimeout: options.timeoutMs,
    });
    return await handle.result();
  } finally {
    await connection.close();
  }
}
