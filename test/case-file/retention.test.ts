/**
 * Archiving and retention over HTTP: an editor of the owner sector archives a case on either
 * interface (once: a second time, a reader of the sector, another sector or a case with an open
 * assignment or a pending proposal is refused, and only the archiving writes its audit event); administrators set each
 * template's retention period and list the archived cases past it, oldest first, paginated, with
 * nothing deleted; bad input is a 4xx.
 */
import assert from 'node:assert/strict';
import { tenantDb } from '../../db/tenancy.js';
import { createCase, newCaseTemplate } from '../support/cases.js';
import { createIntegrationDraft } from '../support/documents.js';
import { getStack } from '../support/hooks.js';
import { asBackend, asIntegration, demoSector, demoUser, request } from '../support/http.js';

const demo = () => tenantDb(getStack().db, getStack().demoTenant);
const integration = (user: string, method: string, url: string, json?: unknown) =>
  request(`/api/v1${url}`, { method, headers: asIntegration(user), ...(json !== undefined ? { json } : {}) });
const backend = (user: string, method: string, url: string, json?: unknown) =>
  request(`/api/v1${url}`, { method, headers: asBackend(user), ...(json !== undefined ? { json } : {}) });
const archivedEvents = (caseId: string) =>
  demo().transaction((trx) =>
    trx('webhook_events')
      .where({ subject: `case:${caseId}`, type: 'case.archived' })
      .select<{ data: Record<string, unknown> }[]>('data'),
  );
/** Moves a case's archiving `years` (and a day) into the past: retention counts from it. */
const archivedYearsAgo = (caseId: string, years: number) =>
  demo().transaction((trx) =>
    trx('cases')
      .where({ id: caseId })
      .update({ archived_at: trx.raw(`now() - make_interval(years => ?, days => 1)`, [years]) }),
  );

describe('case file: archiving and retention', function () {
  this.timeout(60_000);

  it('an editor of the owner sector archives a case once, on the integration interface; others are refused and write nothing', async () => {
    const c = await createCase('agente-obras');
    assert.equal(
      (await integration('directora-rentas', 'POST', `/cases/${c.case_id}/archive`)).status,
      404,
      'a case the user cannot see',
    );
    const mesaCase = await createCase('agente-mesa');
    assert.equal(
      (await integration('directora-obras', 'POST', `/cases/${mesaCase.case_id}/archive`)).status,
      403,
      'a reader of the owner sector',
    );
    assert.equal((await integration('agente-obras', 'POST', '/cases/not-a-case/archive')).status, 404);

    const archived = await integration('agente-obras', 'POST', `/cases/${c.case_id}/archive`);
    assert.equal(archived.status, 200, archived.text);
    assert.equal(archived.body.status, 'archived');
    assert.equal(archived.body.case_number, c.case_number);
    assert.ok(Math.abs(Date.parse(archived.body.archived_at) - Date.now()) < 60_000);
    const again = await integration('directora-obras', 'POST', `/cases/${c.case_id}/archive`);
    assert.equal(again.status, 409);

    const read = await integration('agente-obras', 'GET', `/cases/${c.case_id}`);
    assert.equal(read.body.status, 'archived');
    assert.deepEqual(
      (await archivedEvents(c.case_id)).map((e) => e.data),
      [{ case_id: c.case_id, case_number: c.case_number, by_user_id: demoUser('agente-obras') }],
    );
    assert.deepEqual(await archivedEvents(mesaCase.case_id), []);
    // Closed for good: no new movement.
    const transfer = await integration('agente-obras', 'POST', `/cases/${c.case_id}/transfer`, {
      target_sector_id: demoSector('MESA'),
      reason: 'Pase a mesa de entradas',
    });
    assert.ok(transfer.status >= 400 && transfer.status < 500, transfer.text);
  });

  it('the backend archives too (envelope); a case with an open assignment is refused until it is closed', async () => {
    const c = await createCase('agente-obras');
    const assigned = await integration('agente-obras', 'POST', `/cases/${c.case_id}/assign`, {
      target_sector_id: demoSector('MESA'),
      reason: 'Revisión de la documentación',
    });
    assert.equal(assigned.status, 200, assigned.text);
    const refused = await backend('directora-obras', 'POST', `/cases/${c.case_id}/archive`);
    assert.equal(refused.status, 409, refused.text);
    assert.equal(refused.body.success, false);
    assert.deepEqual(await archivedEvents(c.case_id), []);

    const movementId = assigned.body.movement_id as string;
    assert.equal(
      (
        await integration('agente-obras', 'POST', `/cases/${c.case_id}/close-assign`, {
          movement_id: movementId,
          reason: 'Revisión terminada',
        })
      ).status,
      200,
    );
    const done = await backend('directora-obras', 'POST', `/cases/${c.case_id}/archive`);
    assert.equal(done.status, 200, done.text);
    assert.equal(done.body.success, true);
    assert.equal(done.body.data.status, 'archived');
    assert.equal((await archivedEvents(c.case_id)).length, 1);
  });

  it('a case with a pending proposal is refused until it is resolved', async () => {
    const c = await createCase('agente-obras');
    const draft = await createIntegrationDraft('agente-obras');
    const proposed = await integration('agente-obras', 'POST', `/cases/${c.case_id}/documents/propose`, {
      document_draft_id: draft,
    });
    assert.ok(proposed.status < 300, proposed.text);
    const refused = await integration('agente-obras', 'POST', `/cases/${c.case_id}/archive`);
    assert.equal(refused.status, 409, refused.text);
    assert.match(refused.body.error, /propuestos sin resolver/);
    const decided = await integration('agente-obras', 'POST', `/cases/${c.case_id}/documents/reject-proposal`, {
      proposed_id: proposed.body.proposed_id,
      reason: 'No corresponde a este expediente',
    });
    assert.equal(decided.status, 200, decided.text);
    assert.equal((await integration('agente-obras', 'POST', `/cases/${c.case_id}/archive`)).status, 200);
  });

  it("administrators set a template's retention (1 to 200 years, or none); anything else is a 4xx", async () => {
    // A template of its own: a seeded one's period stays as other suites expect it.
    const own = await newCaseTemplate();
    const url = `/admin/case-templates/${own.id}/retention`;
    const changes = () =>
      demo()
        .transaction((trx) =>
          trx('webhook_events')
            .where({ subject: `case_template:${own.id}` })
            .count<{ n: string }[]>('* as n'),
        )
        .then(([r]) => Number(r!.n));
    const before = await changes();
    assert.equal((await backend('directora-obras', 'PUT', url, { retention_years: 5 })).status, 403);
    for (const bad of [
      { retention_years: 0 },
      { retention_years: 201 },
      { retention_years: 2.5 },
      { retention_years: '5' },
      {},
      { retention_years: 5, extra: true },
    ]) {
      assert.equal((await backend('intendente', 'PUT', url, bad)).status, 400, JSON.stringify(bad));
    }
    assert.equal(
      (
        await backend('intendente', 'PUT', '/admin/case-templates/00000000-0000-4000-8000-000000000000/retention', {
          retention_years: 5,
        })
      ).status,
      404,
    );
    assert.equal(
      (await backend('intendente', 'PUT', '/admin/case-templates/nope/retention', { retention_years: 5 })).status,
      404,
    );
    const set = await backend('intendente', 'PUT', url, { retention_years: 5 });
    assert.equal(set.status, 200, set.text);
    assert.equal((await backend('intendente', 'PUT', url, { retention_years: 5 })).status, 200);
    assert.equal(
      await changes(),
      before + 1,
      'one audit event per change, none for the same period again or a refusal',
    );
    assert.deepEqual(set.body.data, {
      template_id: own.id,
      name: set.body.data.name,
      acronym: own.acronym,
      retention_years: 5,
    });
    const cleared = await backend('intendente', 'PUT', url, { retention_years: null });
    assert.equal(cleared.body.data.retention_years, null);
  });

  it('lists archived cases past their retention, oldest first and paginated, for administrators only; nothing is deleted', async () => {
    const own = await newCaseTemplate();
    const retention = `/admin/case-templates/${own.id}/retention`;
    assert.equal((await backend('intendente', 'PUT', retention, { retention_years: 5 })).status, 200);
    const ofTemplate = { case_template_id: own.id };
    const [older, old, recent, active] = [
      await createCase('agente-obras', ofTemplate),
      await createCase('agente-obras', ofTemplate),
      await createCase('agente-obras', ofTemplate),
      await createCase('agente-obras', ofTemplate),
    ];
    for (const c of [older, old, recent])
      assert.equal((await integration('agente-obras', 'POST', `/cases/${c.case_id}/archive`)).status, 200);
    await archivedYearsAgo(older.case_id, 9);
    await archivedYearsAgo(old.case_id, 6);
    await archivedYearsAgo(recent.case_id, 3);

    const mine = new Set([older, old, recent, active].map((c) => c.case_id));
    const list = await backend('intendente', 'GET', '/admin/retention?page_size=100');
    assert.equal(list.status, 200, list.text);
    const listed = (list.body.data.cases as { case_id: string }[]).filter((c) => mine.has(c.case_id));
    assert.deepEqual(
      listed.map((c) => c.case_id),
      [older.case_id, old.case_id],
      'past 5 years only, oldest first',
    );
    const first = list.body.data.cases.find((c: { case_id: string }) => c.case_id === older.case_id);
    assert.equal(first.retention_years, 5);
    assert.equal(first.case_number, older.case_number);
    assert.equal(Date.parse(first.retention_ends_at) - Date.parse(first.archived_at) > 5 * 365 * 86_400_000, true);
    assert.ok(
      (list.body.data.templates as { acronym: string; retention_years: number | null }[]).some(
        (t) => t.acronym === own.acronym && t.retention_years === 5,
      ),
    );

    const total = list.body.data.total as number;
    const page2 = await backend('intendente', 'GET', `/admin/retention?page=2&page_size=1`);
    assert.equal(page2.status, 200);
    assert.equal(page2.body.data.total, total);
    assert.equal(page2.body.data.cases.length, Math.min(1, Math.max(0, total - 1)));
    assert.equal(page2.body.data.cases[0]?.case_id, list.body.data.cases[1]?.case_id);

    assert.equal((await backend('directora-obras', 'GET', '/admin/retention')).status, 403);
    assert.equal((await backend('intendente', 'GET', '/admin/retention?page=0')).status, 400);
    assert.equal((await backend('intendente', 'GET', '/admin/retention?page_size=101')).status, 400);

    // Without a period nothing is due; nothing was deleted.
    assert.equal((await backend('intendente', 'PUT', retention, { retention_years: null })).status, 200);
    const none = await backend('intendente', 'GET', '/admin/retention?page_size=100');
    assert.deepEqual(
      (none.body.data.cases as { case_id: string }[]).filter((c) => mine.has(c.case_id)),
      [],
    );
    const kept = await demo().transaction((trx) =>
      trx('cases')
        .whereIn('id', [...mine])
        .count<{ n: string }[]>('* as n'),
    );
    assert.equal(Number(kept[0]!.n), 4);
  });
});
