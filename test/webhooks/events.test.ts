/**
 * Webhook events written with each change, in its own transaction: every one of the catalog's
 * types once per change with exactly its fields (and valid against its published schema), in the
 * order of the changes per subject; nothing for a refused request, a rolled-back change or a
 * retried step that finds its work done; nothing private (references, memo recipients, blind
 * copies, reasons, record values) in any payload.
 */
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { tenantDb, type TenantDb } from '../../db/tenancy.js';
import { contextForUser } from '../../domain/authentication.js';
import type { UserContext } from '../../domain/context.js';
import {
  createCaseRecord,
  createCoverDraft,
  discardCase,
  finishCase,
  validateCaseRequest,
} from '../../domain/cases/creation.js';
import { recordMovement } from '../../domain/cases/movements.js';
import { openDeadline, recordDeadlineEvent } from '../../domain/deadlines/subjects.js';
import { officializeDocument, rejectDocument } from '../../domain/documents/signing.js';
import { updateRecord } from '../../domain/records/updates.js';
import { EVENT_TYPES, eventBodySchema, type EventType } from '../../domain/webhooks/catalog.js';
import { createCase, template } from '../support/cases.js';
import { sendMemo, sendNote, signAll, startSigning } from '../support/communications.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { getStack } from '../support/hooks.js';
import { asIntegration, demoSector, demoUser, request } from '../support/http.js';
import { createRecord, integration, officialDocument } from '../records/support.js';

interface Emitted {
  seq: number;
  type: EventType;
  subject: string;
  data: Record<string, unknown>;
}

const db = (): TenantDb => tenantDb(getStack().db, getStack().demoTenant);
const contextOf = (user: string): Promise<UserContext> =>
  contextForUser(getStack(), getStack().demoTenant, demoUser(user));

/** Every webhook event of these subjects (`document:<id>`, `case:<id>`, `record:<id>`), in outbox order; audit-only ones are test/audit's. */
async function eventsOf(...subjects: string[]): Promise<Emitted[]> {
  const rows = await db().transaction((trx) =>
    trx('webhook_events')
      .whereIn('subject', subjects)
      .whereIn('type', EVENT_TYPES)
      .orderBy('seq')
      .select<{ seq: string; type: EventType; subject: string; data: Record<string, unknown> }[]>(
        'seq',
        'type',
        'subject',
        'data',
      ),
  );
  return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
}

const lastSeq = () =>
  db().transaction(async (trx) =>
    Number((await trx('webhook_events').max<{ max: string | null }>('seq as max').first())?.max ?? 0),
  );
const eventsSince = (seq: number) =>
  db().transaction((trx) =>
    trx('webhook_events')
      .where('seq', '>', seq)
      .whereIn('type', EVENT_TYPES)
      .orderBy('seq')
      .select<Emitted[]>('type', 'subject', 'data'),
  );
const typesAndData = (events: Emitted[]) => events.map((e) => ({ type: e.type, data: e.data }));
const doc = (id: string) => `document:${id}`;

/** What the database holds about a signed document, to compare payloads with. */
async function facts(documentId: string) {
  return db().transaction(async (trx) => {
    const d = await trx('documents').where({ id: documentId }).first<{
      signed_at: Date | null;
      official_number: string | null;
      rejected_at: Date | null;
      signing_due_at: Date | null;
    }>();
    const signers = await trx('document_signers')
      .where({ document_id: documentId })
      .orderBy('position')
      .select<{ user_id: string; signed_at: Date | null }[]>('user_id', 'signed_at');
    const code = await trx('document_verification_codes')
      .where({ document_id: documentId })
      .first<{ code: string } | undefined>('code');
    const signedAt = new Map(signers.map((s) => [s.user_id, s.signed_at?.toISOString() ?? null]));
    return { ...d, signedAt, code: code?.code ?? null };
  });
}

// The schema of `data` as written to the outbox: the delivery adds municipality and links.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (a: Ajv) => void;
const ajv = new Ajv({ strict: true, allowUnionTypes: true });
addFormats(ajv);
const validators = new Map(
  EVENT_TYPES.map((type) => {
    const data = (
      eventBodySchema(type).properties as Record<string, { required: string[]; properties: Record<string, unknown> }>
    ).data;
    const { municipality: _m, links: _l, ...properties } = data.properties;
    return [
      type,
      ajv.compile({
        ...data,
        required: data.required.filter((f) => f !== 'municipality' && f !== 'links'),
        properties,
      }),
    ];
  }),
);
const seen = new Set<EventType>();

function checkSchemas(events: Emitted[]): void {
  for (const e of events) {
    const validate = validators.get(e.type)!;
    assert.ok(validate(e.data), `${e.type}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(e.data)}`);
    seen.add(e.type);
  }
}

describe('webhooks: events written with each change', function () {
  this.timeout(60_000);

  it('a document: created, sent to sign, each signature, officialized, in order; a rejection; never its reference', async () => {
    const reference = `Informe con eventos ${Date.now()}`;
    const id = await prepareIntegrationDraft('agente-obras', ['directora-obras', 'intendente'], { reference });
    await startSigning(id, 'agente-obras');
    const signed = await signAll(id, ['directora-obras', 'intendente']);
    const f = await facts(id);
    const base = { document_id: id, document_type: 'INF' };
    const events = await eventsOf(doc(id));
    assert.deepEqual(typesAndData(events), [
      { type: 'document.created', data: { ...base, created_by_user_id: demoUser('agente-obras') } },
      {
        type: 'document.sent_to_sign',
        data: {
          ...base,
          round: 1,
          signer_user_ids: [demoUser('directora-obras'), demoUser('intendente')],
          numerator_user_id: demoUser('intendente'),
          due_at: null,
        },
      },
      {
        type: 'document.signed',
        data: {
          ...base,
          round: 1,
          signer_user_id: demoUser('directora-obras'),
          signed_at: f.signedAt.get(demoUser('directora-obras')),
          pending_signers: 1,
        },
      },
      {
        type: 'document.signed',
        data: {
          ...base,
          round: 1,
          signer_user_id: demoUser('intendente'),
          signed_at: f.signedAt.get(demoUser('intendente')),
          pending_signers: 0,
        },
      },
      {
        type: 'document.officialized',
        data: {
          ...base,
          round: 1,
          number: signed.document_number,
          officialized_at: f.signed_at!.toISOString(),
          verification_code: f.code,
        },
      },
    ]);
    assert.ok(f.code, 'the officialized document has a verification code');
    checkSchemas(events);
    assert.ok(!JSON.stringify(events).includes(reference));

    // The signing steps, retried after they committed, find their work done and write nothing.
    const since = await lastSeq();
    await officializeDocument(await contextOf('intendente'), id, 1);
    assert.deepEqual(await eventsSince(since), []);

    const rejectedId = await prepareIntegrationDraft('agente-obras', ['intendente']);
    await startSigning(rejectedId, 'agente-obras');
    const reason = `Falta el plano ${Date.now()}`;
    const rejected = await request(`/api/v1/documents/${rejectedId}/reject`, {
      method: 'POST',
      headers: asIntegration('intendente'),
      json: { reason },
    });
    assert.equal(rejected.status, 200, rejected.text);
    const afterReject = await eventsOf(doc(rejectedId));
    const g = await facts(rejectedId);
    assert.deepEqual(
      afterReject.map((e) => e.type),
      ['document.created', 'document.sent_to_sign', 'document.rejected'],
    );
    assert.deepEqual(afterReject[2]!.data, {
      document_id: rejectedId,
      document_type: 'INF',
      round: 1,
      rejected_by_user_id: demoUser('intendente'),
      rejected_at: g.rejected_at!.toISOString(),
    });
    assert.ok(!JSON.stringify(afterReject).includes(reason), 'the reason stays out');
    const beforeRetry = await lastSeq();
    await rejectDocument(await contextOf('intendente'), rejectedId, 1, reason);
    assert.deepEqual(await eventsSince(beforeRetry), [], 'a retried rejection writes nothing');
    checkSchemas(afterReject);
  });

  it("a case: its cover's life, case.created and the cover linked when it becomes visible; movements, a PV and links in order", async () => {
    const c = await createCase('agente-obras', { reference: `Caso con eventos ${Date.now()}` });
    const coverId = await db()
      .transaction((trx) =>
        trx('documents').where({ case_id: c.case_id, source_key: 'cover' }).first<{ id: string }>('id'),
      )
      .then((r) => r.id);
    const cover = await facts(coverId);
    const byCreator = { case_id: c.case_id, case_number: c.case_number };
    const coverBase = { document_id: coverId, document_type: 'CAEX' };
    const created = await eventsOf(doc(coverId), `case:${c.case_id}`);
    assert.deepEqual(typesAndData(created), [
      { type: 'document.created', data: { ...coverBase, created_by_user_id: demoUser('agente-obras') } },
      {
        type: 'document.sent_to_sign',
        data: {
          ...coverBase,
          round: 1,
          signer_user_ids: [demoUser('agente-obras')],
          numerator_user_id: demoUser('agente-obras'),
          due_at: null,
        },
      },
      {
        type: 'document.signed',
        data: {
          ...coverBase,
          round: 1,
          signer_user_id: demoUser('agente-obras'),
          signed_at: cover.signedAt.get(demoUser('agente-obras')),
          pending_signers: 0,
        },
      },
      {
        type: 'document.officialized',
        data: {
          ...coverBase,
          round: 1,
          number: cover.official_number,
          officialized_at: cover.signed_at!.toISOString(),
          verification_code: cover.code,
        },
      },
      {
        type: 'case.created',
        data: {
          ...byCreator,
          template: 'PEROB',
          owner_sector_id: demoSector('DOP'),
          created_by_user_id: demoUser('agente-obras'),
          cover_document_id: coverId,
        },
      },
      {
        type: 'case.document_linked',
        data: {
          ...byCreator,
          document_id: coverId,
          document_number: cover.official_number,
          by_user_id: demoUser('agente-obras'),
        },
      },
    ]);
    // All written by the one step that made the case visible: consecutive, in one transaction.
    assert.deepEqual(
      created.map((e) => e.seq - created[0]!.seq),
      [0, 1, 2, 3, 4, 5],
    );
    checkSchemas(created);

    // The step that made it visible, run again (a retried activity), writes nothing.
    const before = await lastSeq();
    await finishCase(await contextOf('agente-obras'), c.case_id);

    const post = (path: string, user: string, json: unknown) =>
      request(`/api/v1/cases/${c.case_id}${path}`, { method: 'POST', headers: asIntegration(user), json });
    const assigned = await post('/assign', 'agente-obras', {
      target_sector_id: demoSector('RENT'),
      reason: 'Revisión de tasas',
      assigned_user_id: demoUser('directora-rentas'),
    });
    assert.equal(assigned.status, 200, assigned.text);
    const closed = await post('/close-assign', 'directora-rentas', {
      movement_id: assigned.body.movement_id,
      reason: 'Tasas revisadas',
    });
    assert.equal(closed.status, 200, closed.text);
    const official = await officialDocument('directora-obras');
    const linked = await post('/documents/link', 'agente-obras', { official_document_id: official.id });
    assert.equal(linked.status, 200, linked.text);
    const moved = await post('/transfer', 'agente-obras', {
      target_sector_id: demoSector('MESA'),
      reason: 'Pase a mesa',
      create_official_doc: true,
    });
    assert.equal(moved.status, 200, moved.text);
    const pv = await db().transaction((trx) =>
      trx('documents')
        .where({ case_id: c.case_id, source_key: `pv:${moved.body.movement_id}` })
        .first<{ id: string; official_number: string }>('id', 'official_number'),
    );
    assert.ok(pv?.official_number, 'the PV is signed');

    const later = (await eventsOf(`case:${c.case_id}`)).filter((e) => e.seq > before);
    const by = (user: string) => demoUser(user);
    assert.deepEqual(typesAndData(later), [
      {
        type: 'case.assigned',
        data: {
          ...byCreator,
          movement_id: assigned.body.movement_id,
          sector_id: demoSector('RENT'),
          assigned_user_id: by('directora-rentas'),
          by_user_id: by('agente-obras'),
        },
      },
      {
        type: 'case.assignment_closed',
        data: { ...byCreator, movement_id: assigned.body.movement_id, by_user_id: by('directora-rentas') },
      },
      {
        type: 'case.document_linked',
        data: {
          ...byCreator,
          document_id: official.id,
          document_number: official.number,
          by_user_id: by('agente-obras'),
        },
      },
      {
        type: 'case.transferred',
        data: {
          ...byCreator,
          movement_id: moved.body.movement_id,
          from_sector_id: demoSector('DOP'),
          to_sector_id: demoSector('MESA'),
          by_user_id: by('agente-obras'),
        },
      },
      {
        type: 'case.document_linked',
        data: { ...byCreator, document_id: pv.id, document_number: pv.official_number, by_user_id: by('agente-obras') },
      },
    ]);
    checkSchemas(later);
    // The PV is a document like any other.
    const pvEvents = await eventsOf(doc(pv.id));
    assert.deepEqual(
      pvEvents.map((e) => e.type),
      ['document.created', 'document.sent_to_sign', 'document.signed', 'document.officialized'],
    );
    checkSchemas(pvEvents);

    // A movement step retried with its id finds the movement and writes nothing more.
    const since = await lastSeq();
    const movementId = moved.body.movement_id as string;
    await recordMovement(await contextOf('agente-obras'), movementId, {
      kind: 'transfer',
      caseId: c.case_id,
      targetSectorId: demoSector('MESA'),
      reason: 'Pase a mesa',
      transferOwnership: true,
      bounded: false,
    });
    assert.deepEqual(await eventsSince(since), []);

    // Refused requests (4xx) write nothing.
    const refused = [
      await post('/transfer', 'jefa-mesa', { target_sector_id: demoSector('MESA'), reason: 'Al mismo sector' }),
      await post('/assign', 'jefa-mesa', { target_sector_id: demoSector('RENT'), reason: 'x' }),
      await post('/close-assign', 'jefa-mesa', { movement_id: assigned.body.movement_id, reason: 'Cerrada otra vez' }),
      await post('/documents/link', 'jefa-mesa', { official_document_id: official.id }),
    ];
    for (const r of refused) assert.ok(r.status >= 400 && r.status < 500, `${r.status} ${r.text}`);
    assert.deepEqual(await eventsSince(since), []);
  });

  it('a case creation undone by its compensation leaves no event: nothing is written before the case is visible', async () => {
    const since = await lastSeq();
    const ctx = await contextOf('agente-obras');
    const valid = await validateCaseRequest(ctx, { templateId: template('PEROB'), reference: 'No llegará a verse' });
    const key = `descartado-${Date.now()}`;
    const created = await createCaseRecord(ctx, key, 'No llegará a verse', valid);
    const coverId = await createCoverDraft(ctx, created, valid);
    assert.ok(coverId);
    assert.deepEqual(await eventsSince(since), [], 'the case and its cover are not visible yet');
    await discardCase(ctx, key);
    assert.deepEqual(await eventsSince(since), []);
  });

  it('documents proposed to cases: linked to each case on officialization, or at acceptance once signed', async () => {
    const post = (path: string, user: string, json: unknown = {}) =>
      request(`/api/v1${path}`, { method: 'POST', headers: asIntegration(user), json });
    const [home, other, third] = [
      await createCase('agente-obras'),
      await createCase('agente-obras'),
      await createCase('agente-obras'),
    ];
    const linkedOf = async (caseId: string) =>
      (await eventsOf(`case:${caseId}`))
        .filter((e) => e.type === 'case.document_linked')
        .slice(1)
        .map((e) => e.data);

    const inHome = await prepareIntegrationDraft('agente-obras', ['agente-obras'], { case_id: home.case_id });
    const proposed = await post(`/cases/${other.case_id}/documents/propose`, 'agente-obras', {
      document_draft_id: inHome,
    });
    assert.equal(
      (
        await post(`/cases/${other.case_id}/documents/accept-proposal`, 'directora-obras', {
          proposed_id: proposed.body.proposed_id,
        })
      ).body.linked,
      false,
    );
    await startSigning(inHome, 'agente-obras');
    const signed = await signAll(inHome, ['agente-obras']);
    const linkOf = (c: { case_id: string; case_number: string }, id: string, number: string, user: string) => ({
      case_id: c.case_id,
      case_number: c.case_number,
      document_id: id,
      document_number: number,
      by_user_id: demoUser(user),
    });
    assert.deepEqual(await linkedOf(home.case_id), [linkOf(home, inHome, signed.document_number, 'agente-obras')]);
    assert.deepEqual(await linkedOf(other.case_id), [linkOf(other, inHome, signed.document_number, 'agente-obras')]);

    const loose = await prepareIntegrationDraft('agente-obras', ['agente-obras']);
    const later = await post(`/cases/${third.case_id}/documents/propose`, 'agente-obras', { document_draft_id: loose });
    await startSigning(loose, 'agente-obras');
    const official = await signAll(loose, ['agente-obras']);
    assert.deepEqual(await linkedOf(third.case_id), [], 'not linked before its acceptance');
    const accepted = await post(`/cases/${third.case_id}/documents/accept-proposal`, 'directora-obras', {
      proposed_id: later.body.proposed_id,
    });
    assert.equal(accepted.body.linked, true, accepted.text);
    const events = await linkedOf(third.case_id);
    assert.deepEqual(events, [linkOf(third, loose, official.document_number, 'directora-obras')]);
  });

  it('a note and a memo with TO, CC and BCC: delivered events name no person, no blind copy and no reference', async () => {
    const reference = `Comunicación reservada ${Date.now()}`;
    const note = await sendNote('intendente', { to: ['MESA'], cc: ['RENT'], bcc: ['DOP'] }, { reference });
    const noteEvents = await eventsOf(doc(note.id));
    assert.deepEqual(noteEvents.at(-1), {
      ...noteEvents.at(-1)!,
      type: 'note.delivered',
      data: {
        document_id: note.id,
        document_type: 'NOTA',
        number: note.number,
        recipient_sector_ids: [demoSector('MESA'), demoSector('RENT')],
      },
    });
    assert.equal(noteEvents.filter((e) => e.type === 'note.delivered').length, 1);
    assert.ok(!JSON.stringify(noteEvents).includes(demoSector('DOP')), 'the blind copy stays out');

    const memo = await sendMemo(
      'agente-obras',
      { to: ['agente-mesa'], cc: ['directora-rentas'], bcc: ['intendente'] },
      { reference },
    );
    const memoEvents = await eventsOf(doc(memo.id));
    assert.deepEqual(typesAndData(memoEvents.filter((e) => e.type === 'memo.delivered')), [
      { type: 'memo.delivered', data: { document_id: memo.id, document_type: 'MEMO', number: memo.number } },
    ]);
    assert.ok(!JSON.stringify(noteEvents).includes(reference));
    const text = JSON.stringify(memoEvents);
    for (const secret of [reference, demoUser('agente-mesa'), demoUser('directora-rentas'), demoUser('intendente')])
      assert.ok(!text.includes(secret), `${secret} stays out`);
    checkSchemas([...noteEvents, ...memoEvents]);
  });

  it('a record: created, each change of it, a relation on both ends and its report, in order; never its values', async () => {
    const tag = Date.now();
    const rec = await createRecord('directora-obras', 'ARQ', `Arq. Eventos ${tag}`, { matricula: `MP-${tag}` });
    const other = await createRecord('directora-obras', 'ARQ', `Arq. Socio ${tag}`);
    const about = { record_id: rec.id, record_number: rec.record_number, family: 'ARQ' };
    const by = demoUser('directora-obras');
    const ok = async (pending: Promise<{ status: number; text: string }>) => {
      const res = await pending;
      assert.equal(res.status, 200, res.text);
    };
    await ok(integration('directora-obras', `/records/${rec.id}`, 'PATCH', { state: 'Suspendido' }));
    await ok(integration('directora-obras', `/records/${rec.id}/fields/telefono`, 'PATCH', { value: `351-${tag}` }));
    const relation = await integration('directora-obras', `/records/${rec.id}/relations`, 'POST', {
      target_record_id: other.id,
      relation_type: 'parent',
    });
    assert.ok(relation.status < 300, relation.text);

    // Refused (400) and rolled back: nothing.
    const since = await lastSeq();
    assert.equal(
      (await integration('directora-obras', `/records/${rec.id}`, 'PATCH', { state: 'Inexistente' })).status,
      400,
    );
    const ctx = await contextOf('directora-obras');
    const rollingBack: UserContext = {
      ...ctx,
      db: {
        tenant: ctx.db.tenant,
        transaction: (fn) =>
          ctx.db.transaction(async (trx) => {
            await fn(trx);
            throw new Error('rolled back at commit');
          }),
      },
    };
    await assert.rejects(updateRecord(rollingBack, rec.id, { displayName: 'No se guarda' }), /rolled back at commit/);
    assert.deepEqual(await eventsSince(since), []);

    const report = await request(`/api/v1/records/${rec.id}/report`, {
      method: 'POST',
      headers: { ...asIntegration('directora-obras'), 'Idempotency-Key': `eventos-${tag}` },
    });
    assert.equal(report.status, 201, report.text);

    const events = await eventsOf(`record:${rec.id}`);
    assert.deepEqual(typesAndData(events), [
      { type: 'record.created', data: { ...about, created_by_user_id: by } },
      {
        type: 'record.updated',
        data: { ...about, change: 'state_changed', changed_fields: ['state'], by_user_id: by },
      },
      {
        type: 'record.updated',
        data: { ...about, change: 'field_updated', changed_fields: ['telefono'], by_user_id: by },
      },
      { type: 'record.updated', data: { ...about, change: 'relation_created', changed_fields: [], by_user_id: by } },
      {
        type: 'record.report_generated',
        data: { ...about, document_id: report.body.document_id, document_number: report.body.document_number },
      },
    ]);
    assert.deepEqual(
      typesAndData(await eventsOf(`record:${other.id}`)).map((e) => [e.type, e.data.change]),
      [
        ['record.created', undefined],
        ['record.updated', 'relation_created'],
      ],
    );
    const text = JSON.stringify(events);
    for (const value of [`MP-${tag}`, `351-${tag}`, 'Suspendido', `Arq. Eventos ${tag}`])
      assert.ok(!text.includes(value), `${value} stays out`);
    checkSchemas(events);
    // The report is a document like any other.
    const reportEvents = await eventsOf(doc(report.body.document_id));
    assert.deepEqual(
      reportEvents.map((e) => e.type),
      ['document.created', 'document.sent_to_sign', 'document.signed', 'document.officialized'],
    );
  });

  it("a signing deadline's expiry: signing.overdue once, however often its step runs", async () => {
    const id = await prepareIntegrationDraft('agente-obras', ['intendente']);
    const started = await request(`/api/v1/documents/${id}/start-signing`, {
      method: 'POST',
      headers: asIntegration('agente-obras'),
      json: { due_in_business_days: 2 },
    });
    assert.equal(started.status, 200, started.text);
    const subject = { kind: 'signing' as const, documentId: id, round: 1 };
    const deadline = (await openDeadline(db(), subject))!;
    assert.equal(await recordDeadlineEvent(db(), subject, 'expired', deadline), true);
    assert.equal(await recordDeadlineEvent(db(), subject, 'expired', deadline), false);
    const events = await eventsOf(doc(id));
    assert.deepEqual(typesAndData(events.filter((e) => e.type === 'signing.overdue')), [
      {
        type: 'signing.overdue',
        data: { document_id: id, document_type: 'INF', round: 1, due_at: started.body.due_at },
      },
    ]);
    assert.equal(events.find((e) => e.type === 'document.sent_to_sign')!.data.due_at, started.body.due_at);
    checkSchemas(events);
  });

  it('every type of the catalog was written and checked above', () => {
    assert.deepEqual([...seen].sort(), [...EVENT_TYPES].sort());
  });
});
