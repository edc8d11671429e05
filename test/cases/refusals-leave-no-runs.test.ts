/**
 * What an operator sees in the Temporal Web UI: a refused request leaves no failed run behind
 * (the API checks a movement with its PV before starting the run that records it), and the runs
 * it does start carry a summary that names the document or the case instead of a UUID.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { workflowIds } from '../../contract/ids.js';
import { createCase } from '../support/cases.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { getStack } from '../support/hooks.js';
import { asIntegration, demoSector, demoUser, request } from '../support/http.js';
import { until } from '../support/until.js';

async function count(query: string): Promise<number> {
  let n = 0;
  for await (const _ of getStack().client.workflow.list({ query })) n++;
  return n;
}

describe('operators: no failed runs for refused requests, and runs named by what they do', function () {
  this.timeout(120_000);

  it('a movement with its PV refused for any reason starts no run', async () => {
    const c = await createCase('agente-obras', { reference: 'Pase rechazado' });
    const query = 'WorkflowType="providenceWorkflow" AND Tenant="demo"';
    const before = await count(query);
    const pv = { create_official_doc: true };
    const refusals: [string, string, unknown, number][] = [
      [
        `/api/v1/cases/${randomUUID()}/assign`,
        'agente-obras',
        { target_sector_id: demoSector('RENT'), reason: 'Revisión de tasas', ...pv },
        404,
      ],
      [
        `/api/v1/cases/${c.case_id}/transfer`,
        'directora-rentas',
        { target_sector_id: demoSector('MESA'), reason: 'Pase indebido', ...pv },
        403,
      ],
      [
        `/api/v1/cases/${c.case_id}/assign`,
        'directora-rentas',
        { target_sector_id: demoSector('MESA'), reason: 'Tarea indebida', ...pv },
        403,
      ],
      [
        `/api/v1/cases/${c.case_id}/transfer`,
        'agente-obras',
        { target_sector_id: randomUUID(), reason: 'Pase a ninguna parte', ...pv },
        404,
      ],
      [
        `/api/v1/cases/${c.case_id}/assign`,
        'agente-obras',
        { target_sector_id: demoSector('RENT'), reason: 'abc', ...pv },
        400,
      ],
      [
        `/api/v1/cases/${c.case_id}/assign`,
        'agente-obras',
        {
          target_sector_id: demoSector('RENT'),
          reason: 'Revisión de tasas',
          assigned_user_id: demoUser('agente-mesa'),
          ...pv,
        },
        400,
      ],
      [
        `/api/v1/cases/${c.case_id}/assign`,
        'agente-obras',
        { target_sector_id: demoSector('RENT'), reason: 'Revisión de tasas', due_at: '2020-01-01', ...pv },
        400,
      ],
    ];
    for (const [path, user, json, status] of refusals) {
      const res = await request(path, { method: 'POST', headers: asIntegration(user), json });
      assert.equal(res.status, status, `${path} as ${user}: ${res.text}`);
    }
    // Visibility lags a little behind starts; a run started by a refusal would show by then.
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(await count(query), before, 'no providence run for a refused request');

    const accepted = await request(`/api/v1/cases/${c.case_id}/transfer`, {
      method: 'POST',
      headers: asIntegration('agente-obras'),
      json: { target_sector_id: demoSector('RENT'), reason: 'Pase a Rentas', ...pv },
    });
    assert.equal(accepted.status, 200, accepted.text);
    const handle = getStack().client.workflow.getHandle(
      workflowIds.providence('demo', c.case_number, accepted.body.movement_id),
    );
    assert.equal(await (await handle.describe()).staticSummary(), `Pase con providencia de ${c.case_number}`);
    await until('the providence run found by CaseNumber', async () =>
      (await count(`WorkflowType="providenceWorkflow" AND CaseNumber="${c.case_number}"`)) === 1 ? true : undefined,
    );
  });

  it("signing runs are summarized by type and reference; a memo's by its type only", async () => {
    const reference = `Informe resumido ${randomUUID().slice(0, 8)}`;
    const id = await prepareIntegrationDraft('agente-obras', ['directora-obras'], { reference });
    assert.equal(
      (
        await request(`/api/v1/documents/${id}/start-signing`, {
          method: 'POST',
          headers: asIntegration('agente-obras'),
        })
      ).status,
      200,
    );
    const run = await getStack().client.workflow.getHandle(workflowIds.documentSigning('demo', id)).describe();
    assert.equal(await run.staticSummary(), `Firma de INF «${reference}»`);

    const memo = await prepareIntegrationDraft('agente-obras', ['agente-obras'], {
      document_type_acronym: 'MEMO',
      reference: `Memo ${reference}`,
      recipients: [demoUser('agente-mesa')],
    });
    assert.equal(
      (
        await request(`/api/v1/documents/${memo}/start-signing`, {
          method: 'POST',
          headers: asIntegration('agente-obras'),
        })
      ).status,
      200,
    );
    const memoRun = await getStack().client.workflow.getHandle(workflowIds.documentSigning('demo', memo)).describe();
    assert.equal(await memoRun.staticSummary(), 'Firma de un memorándum');
  });
});
