/**
 * Case deadlines ("retorno programado"), end to end: an assignment or transfer with a deadline,
 * shown in the case lists, detail and history; its DeadlineWorkflow found by Tenant and
 * CaseNumber; closing the assignment or transferring the case on ends it; a bad deadline writes
 * nothing.
 */
import assert from 'node:assert/strict';
import { workflowIds } from '../../contract/ids.js';
import { DEADLINE_MESSAGES } from '../../domain/deadlines/request.js';
import { createCase } from '../support/cases.js';
import { getStack } from '../support/hooks.js';
import { asBackend, asIntegration, demoSector, demoUser, request } from '../support/http.js';
import { until } from '../support/until.js';

const post = (path: string, headers: Record<string, string>, json: unknown) =>
  request(path, { method: 'POST', headers, json });

async function runStatus(movementId: string): Promise<string | undefined> {
  try {
    return (await getStack().client.workflow.getHandle(workflowIds.caseDeadline('demo', movementId)).describe()).status
      .name;
  } catch {
    return undefined;
  }
}

async function deadlineRunsOf(caseNumber: string) {
  const ids: string[] = [];
  for await (const wf of getStack().client.workflow.list({
    query: `WorkflowType="deadlineWorkflow" AND Tenant="demo" AND CaseNumber="${caseNumber}"`,
  }))
    ids.push(wf.workflowId);
  return ids;
}

describe('cases: deadlines of assignments and transfers', function () {
  this.timeout(120_000);

  it('an assignment with a deadline: shown in lists, detail and history, found by CaseNumber; closing it ends its timers', async () => {
    const c = await createCase('agente-obras', { reference: 'Asignación con plazo' });
    const assigned = await post(`/api/v1/cases/${c.case_id}/assign`, asIntegration('agente-obras'), {
      target_sector_id: demoSector('RENT'),
      reason: 'Revisión de tasas',
      assigned_user_id: demoUser('directora-rentas'),
      due_in_business_days: 5,
    });
    assert.equal(assigned.status, 200, assigned.text);
    const dueAt = assigned.body.due_at as string;
    assert.ok(Date.parse(dueAt) > Date.now() + 5 * 86_400_000, dueAt);
    const movementId = assigned.body.movement_id as string;
    const expected = { movement_id: movementId, sector: 'RENT', due_at: dueAt, overdue: false };

    const integrationList = await request(`/api/v1/cases/search?search=${c.case_number}`, {
      headers: asIntegration('directora-rentas'),
    });
    assert.deepEqual(integrationList.body.cases[0].deadline, expected);
    const backendList = await request(`/api/v1/cases?search=${c.case_number}`, {
      headers: asBackend('directora-rentas'),
    });
    assert.deepEqual(backendList.body.data.cases[0].deadline, expected);
    const detail = await request(`/api/v1/cases/${c.case_id}`, { headers: asBackend('directora-rentas') });
    assert.deepEqual(detail.body.data.deadline, expected);
    assert.equal(detail.body.data.movements[0].due_at, dueAt);

    const runs = await until('the deadline run in visibility', async () =>
      (await deadlineRunsOf(c.case_number)).length ? deadlineRunsOf(c.case_number) : undefined,
    );
    assert.deepEqual(runs, [workflowIds.caseDeadline('demo', movementId)]);
    assert.equal(await runStatus(movementId), 'RUNNING');

    const closed = await post(`/api/v1/cases/${c.case_id}/close-assign`, asIntegration('directora-rentas'), {
      movement_id: movementId,
      reason: 'Tasas revisadas',
    });
    assert.equal(closed.status, 200, closed.text);
    assert.equal(
      await until('the run cancelled', async () =>
        (await runStatus(movementId)) === 'RUNNING' ? undefined : runStatus(movementId),
      ),
      'CANCELLED',
    );
    const after = await request(`/api/v1/cases/${c.case_id}`, { headers: asIntegration('agente-obras') });
    assert.equal(after.body.deadline, null);
  });

  it('a transfer with a deadline ends when the receiving sector transfers the case on', async () => {
    const c = await createCase('agente-obras', { reference: 'Pase con retorno' });
    const date = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
    const moved = await post(`/api/v1/cases/${c.case_id}/transfer`, asBackend('agente-obras'), {
      target_sector_id: demoSector('MESA'),
      reason: 'Pase a mesa con retorno',
      due_at: date,
    });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.data.due_at, new Date(`${date}T23:59:59.999-03:00`).toISOString());
    const first = moved.body.data.movement_id as string;
    await until('the first deadline run', async () => ((await runStatus(first)) === 'RUNNING' ? true : undefined));
    const list = await request(`/api/v1/cases?search=${c.case_number}`, { headers: asBackend('agente-mesa') });
    assert.equal(list.body.data.cases[0].deadline.sector, 'MESA');

    const onward = await post(`/api/v1/cases/${c.case_id}/transfer`, asBackend('agente-mesa'), {
      target_sector_id: demoSector('RENT'),
      reason: 'Pase a rentas',
    });
    assert.equal(onward.status, 200, onward.text);
    assert.equal('due_at' in onward.body.data, false);
    assert.equal(
      await until('the first run cancelled', async () =>
        (await runStatus(first)) === 'RUNNING' ? undefined : runStatus(first),
      ),
      'CANCELLED',
    );
    const detail = await request(`/api/v1/cases/${c.case_id}`, { headers: asIntegration('directora-rentas') });
    assert.equal(detail.body.deadline, null);
  });

  it('a bad deadline is 400 and records no movement', async () => {
    const c = await createCase('agente-obras', { reference: 'Plazo inválido' });
    for (const [extra, message] of [
      [{ due_at: '2020-05-01' }, DEADLINE_MESSAGES.past],
      [{ due_at: 'pronto' }, DEADLINE_MESSAGES.dueAtFormat],
      [{ due_at: '2030-01-01', due_in_business_days: 2 }, DEADLINE_MESSAGES.both],
    ] as const) {
      const res = await post(`/api/v1/cases/${c.case_id}/assign`, asIntegration('agente-obras'), {
        target_sector_id: demoSector('RENT'),
        reason: 'Revisión de tasas',
        ...extra,
      });
      assert.deepEqual([res.status, res.body], [400, { error: message }], JSON.stringify(extra));
    }
    const history = await request(`/api/v1/cases/${c.case_id}/history`, { headers: asIntegration('agente-obras') });
    assert.deepEqual(
      history.body.movements.map((m: { movement_type: string }) => m.movement_type),
      ['creation'],
    );
    assert.deepEqual(await deadlineRunsOf(c.case_number), []);
  });
});
