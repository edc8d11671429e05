import assert from 'node:assert/strict';
import { tenantDb } from '../db/tenancy.js';
import { SYSTEM_CHECK_WORKFLOW, type SystemCheckWorkflow } from '../contract/system-check.js';
import { workflowIds } from '../contract/ids.js';
import { TENANT } from '../contract/search-attributes.js';
import { getStack } from './support/hooks.js';

describe("workflow smoke: the project's worker runs a workflow whose activity writes to Postgres", () => {
  it('SystemCheckWorkflow records its run in the tenant schema and is findable by Tenant', async () => {
    const { client, config, db, demoTenant } = getStack();
    const workflowId = workflowIds.systemCheck(demoTenant.schema, `smoke-${Date.now()}`);
    const handle = await client.workflow.start<SystemCheckWorkflow>(SYSTEM_CHECK_WORKFLOW, {
      taskQueue: config.temporal.taskQueue,
      workflowId,
      args: [{ tenant: demoTenant.schema }],
      typedSearchAttributes: [{ key: TENANT, value: demoTenant.schema }],
    });
    const result = await handle.result();
    assert.equal(result.workflowId, workflowId);

    const row = await tenantDb(db, demoTenant).transaction((trx) =>
      trx('system_checks').where({ workflow_id: workflowId }).first(),
    );
    assert.ok(row, 'the activity wrote its row');
    assert.equal(row.id, result.checkId);

    const description = await handle.describe();
    assert.equal(description.status.name, 'COMPLETED');
    assert.equal(description.typedSearchAttributes.get(TENANT), demoTenant.schema);
  });

  it('an unknown tenant fails the workflow for good instead of retrying forever', async () => {
    const { client, config } = getStack();
    const handle = await client.workflow.start<SystemCheckWorkflow>(SYSTEM_CHECK_WORKFLOW, {
      taskQueue: config.temporal.taskQueue,
      workflowId: workflowIds.systemCheck('nowhere', `smoke-${Date.now()}`),
      args: [{ tenant: 'nowhere' }],
    });
    await assert.rejects(handle.result(), (err: Error & { cause?: { cause?: Error } }) =>
      /unknown tenant "nowhere"/.test(err.cause?.cause?.message ?? ''),
    );
  });
});
