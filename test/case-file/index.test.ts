/**
 * The case file's index through the public interfaces, on the real stack: foliation by the
 * case-file run (positions and contiguous folios from each official PDF's pages), a new index
 * version per change, each signed with the municipality seal (pdfsig and pyHanko validate it; pdftotext
 * reads its folios and hashes), earlier versions unchanged, annulment as a new version that
 * removes nothing, a memo's reference in no index (REST, PDF, MCP), and the refusals.
 */
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { caseFileWorkflowId } from '../../contract/case-file.js';
import { TENANT } from '../../contract/search-attributes.js';
import { tenantDb } from '../../db/tenancy.js';
import { createCase } from '../support/cases.js';
import { sendMemo } from '../support/communications.js';
import { getStack } from '../support/hooks.js';
import { asBackend, asIntegration, demoSector, demoUser, request } from '../support/http.js';
import { pdfDocumentTimestamps, pdfInfo, pdfSignatures, pdfText } from '../support/pdf-tools.js';
import { until } from '../support/until.js';
import { officialDocument } from '../records/support.js';
import { pyhankoAccepts, pyhankoValidate, saveTemp } from '../signer/support/tools.js';
import { clientWithToken, mcpToken } from '../mcp/support.js';

type Json = Record<string, any>;

const LUCIA = 'lucia.fernandez@villaesperanza.gob.ar';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const index = async (user: string, caseId: string) => {
  const res = await request(`/api/v1/cases/${caseId}/index`, { headers: asIntegration(user) });
  assert.equal(res.status, 200, res.text);
  return res.body as Json;
};
const annul = (user: string, caseId: string, documentId: string, json: unknown) =>
  request(`/api/v1/cases/${caseId}/folios/${documentId}/annul`, {
    method: 'POST',
    headers: asIntegration(user),
    ...(json === undefined ? {} : { json }),
  });

/** The index once it lists `count` documents and every version is signed. */
function settled(user: string, caseId: string, count: number, versions?: number) {
  return until(
    `an index of ${count} documents, every version signed`,
    async () => {
      const body = await index(user, caseId);
      const done =
        body.current?.entries.length === count &&
        body.versions.every((v: Json) => v.signed) &&
        (versions === undefined || body.versions.length === versions);
      return done ? body : undefined;
    },
    120_000,
  );
}

/** The official PDF of a document, as stored. */
async function officialPdf(documentId: string): Promise<Buffer> {
  const stack = getStack();
  const file = await tenantDb(stack.db, stack.demoTenant).transaction((trx) =>
    trx('document_files')
      .where({ document_id: documentId, kind: 'official' })
      .orderBy('revision', 'desc')
      .first<{ storage_key: string }>('storage_key'),
  );
  return (await stack.services.storage.get(file!.storage_key))!;
}

async function signedIndexPdf(version: Json): Promise<Buffer> {
  const res = await fetch(version.pdf_url);
  assert.equal(res.status, 200);
  return Buffer.from(await res.arrayBuffer());
}

describe('Case file: foliation and signed index versions', function () {
  this.timeout(300_000);
  const tag = randomUUID().slice(0, 8);
  const memoReference = `Memo reservado ${tag}`;
  let caseId: string;
  let docs: { id: string; number: string }[];
  let memo: { id: string; number: string };
  let first: Json;

  before(async () => {
    docs = [
      await officialDocument('agente-obras', `Informe técnico ${tag}`),
      await officialDocument('agente-obras', `Plano aprobado ${tag}`),
    ];
    memo = await sendMemo('agente-obras', { to: ['directora-rentas'] }, { reference: memoReference });
    caseId = (await createCase('agente-obras', { reference: `Expediente foliado ${tag}` })).case_id;
    for (const d of docs) {
      const res = await request(`/api/v1/cases/${caseId}/documents/link`, {
        method: 'POST',
        headers: asIntegration('agente-obras'),
        json: { official_document_id: d.id },
      });
      assert.equal(res.status, 200, res.text);
    }
    first = await settled('agente-obras', caseId, 3);
  });

  it('gives the cover and two linked documents positions 1-3 and contiguous folios matching their pages', async () => {
    const entries = first.current.entries as Json[];
    assert.deepEqual(
      entries.map((e) => e.position),
      [1, 2, 3],
    );
    assert.equal(entries[0]!.type, 'CAEX');
    assert.deepEqual(
      entries.slice(1).map((e) => e.document_id),
      docs.map((d) => d.id),
    );
    let folio = 0;
    for (const e of entries) {
      const pdf = await officialPdf(e.document_id);
      const pages = Number(pdfInfo(pdf).Pages);
      assert.equal(e.first_folio, folio + 1);
      assert.equal(e.last_folio, folio + pages);
      assert.equal(e.sha256, sha256(pdf));
      assert.equal(e.annulled, false);
      folio = e.last_folio;
    }
    assert.equal(first.current.version, first.versions.length);
    assert.deepEqual(
      first.versions.map((v: Json) => v.version),
      first.versions.map((_: Json, i: number) => i + 1),
    );
  });

  it('signs every version with the seal: the signature validates (pdfsig, pyHanko) and the text lists the folios and hashes', async () => {
    for (const summary of first.versions as Json[]) {
      const version = (
        await request(`/api/v1/cases/${caseId}/index/versions/${summary.version}`, {
          headers: asIntegration('agente-obras'),
        })
      ).body as Json;
      const pdf = await signedIndexPdf(summary);
      assert.equal(sha256(pdf), summary.pdf_sha256);
      const signatures = pdfSignatures(pdf);
      assert.equal(signatures.length, 1);
      assert.ok(
        signatures.every((s) => s.valid),
        JSON.stringify(signatures),
      );
      assert.ok(pdfDocumentTimestamps(pdf).length >= 1, 'B-LTA: an archive time-stamp');
      const hanko = await pyhankoValidate(
        await saveTemp(pdf, `index-v${summary.version}.pdf`),
        getStack().pki.caCertPath,
      );
      assert.ok(hanko.fields.size >= 1 && [...hanko.fields.values()].every(pyhankoAccepts), hanko.output);
      const text = pdfText(pdf).replace(/\s+/g, ' ');
      assert.match(text, new RegExp(`versión ${summary.version}`));
      assert.match(text, /firmas propias de cada documento se conservan en sus PDF originales/);
      for (const e of version.entries as Json[]) {
        assert.ok(text.includes(e.sha256), `hash of ${e.number}`);
        assert.ok(
          text.includes(e.first_folio === e.last_folio ? `${e.first_folio}` : `${e.first_folio}-${e.last_folio}`),
        );
        assert.ok(text.includes(e.number));
      }
    }
  });

  it('adds a memo as a new version, leaves earlier versions unchanged and never shows its reference', async () => {
    const linked = await request(`/api/v1/cases/${caseId}/documents/link`, {
      method: 'POST',
      headers: asIntegration('agente-obras'),
      json: { official_document_id: memo.id },
    });
    assert.equal(linked.status, 200, linked.text);
    const after = await settled('directora-obras', caseId, 4, first.versions.length + 1);
    const entry = after.current.entries[3] as Json;
    assert.equal(entry.is_memo, true);
    assert.equal(entry.reference, null);
    assert.equal(entry.number, memo.number);
    assert.equal(entry.first_folio, first.current.entries[2].last_folio + 1);
    for (const old of first.versions as Json[]) {
      const now = after.versions.find((v: Json) => v.version === old.version);
      assert.equal(now.entries_sha256, old.entries_sha256);
      assert.equal(now.pdf_sha256, old.pdf_sha256);
    }
    const v1 = await request(`/api/v1/cases/${caseId}/index/versions/1`, { headers: asBackend('agente-obras') });
    assert.equal(v1.status, 200, v1.text);
    assert.equal(v1.body.success, true);
    assert.ok(v1.body.data.entries.length <= 3);

    // Nowhere: REST (both interfaces, the memo's own sender included), the signed PDF, MCP.
    for (const user of ['agente-obras', 'directora-obras']) {
      assert.ok(!JSON.stringify(await index(user, caseId)).includes(memoReference));
      const backend = await request(`/api/v1/cases/${caseId}/index`, { headers: asBackend(user) });
      assert.equal(backend.status, 200, backend.text);
      assert.ok(!backend.text.includes(memoReference));
    }
    const text = pdfText(await signedIndexPdf(after.versions.at(-1))).replace(/\s+/g, ' ');
    assert.match(text, new RegExp(`MEMO ${memo.number}`));
    assert.match(text, / Memo /);
    assert.ok(!text.includes(memoReference));
    let client: Client | undefined;
    try {
      client = await clientWithToken(await mcpToken(LUCIA));
      const result = await client.callTool({
        name: 'get_case_index',
        arguments: { tenant_id: 'demo', case_id: caseId },
      });
      assert.ok(!result.isError, JSON.stringify(result.content));
      assert.equal((result.structuredContent as Json).current.entries.length, 4);
      assert.ok(!JSON.stringify(result).includes(memoReference));
    } finally {
      await client?.close();
    }
  });

  it('annuls a document as a new version that keeps every entry, only for an editor of the owner sector', async () => {
    const assigned = await request(`/api/v1/cases/${caseId}/assign`, {
      method: 'POST',
      headers: asIntegration('agente-obras'),
      json: { target_sector_id: demoSector('RENT'), reason: 'Revisar las tasas del expediente' },
    });
    assert.equal(assigned.status, 200, assigned.text);
    const before = await index('agente-obras', caseId);
    const target = docs[0]!.id;

    const outsider = await annul('directora-rentas', caseId, target, { reason: 'Vinculado por error' });
    assert.equal(outsider.status, 403, outsider.text);
    assert.equal((await annul('agente-mesa', caseId, target, { reason: 'Vinculado por error' })).status, 404);
    assert.equal((await annul('agente-obras', randomUUID(), target, { reason: 'Vinculado por error' })).status, 404);
    assert.equal((await annul('agente-obras', caseId, randomUUID(), { reason: 'Vinculado por error' })).status, 404);
    assert.equal((await annul('agente-obras', caseId, 'not-a-uuid', { reason: 'Vinculado por error' })).status, 404);
    const missing = await annul('agente-obras', caseId, target, {});
    assert.equal(missing.status, 400, missing.text);
    assert.match(missing.body.error, /reason/);
    assert.equal((await annul('agente-obras', caseId, target, { reason: 'no' })).status, 400);
    assert.equal((await annul('agente-obras', caseId, target, { reason: 42 })).status, 400);

    const done = await request(`/api/v1/cases/${caseId}/folios/${target}/annul`, {
      method: 'POST',
      headers: asBackend('agente-obras'),
      json: { reason: 'Vinculado por error al expediente' },
    });
    assert.equal(done.status, 200, done.text);
    assert.equal(done.body.data.version, before.current.version + 1);
    assert.equal((await annul('agente-obras', caseId, target, { reason: 'Vinculado por error' })).status, 409);
    // One audit event for the annulment (ids only, never its reason); none for the refusals above.
    const audited = await tenantDb(getStack().db, getStack().demoTenant).transaction((trx) =>
      trx('webhook_events')
        .where({ type: 'case.folio_annulled', subject: `case:${caseId}` })
        .select('data'),
    );
    assert.deepEqual(
      audited.map((e) => e.data),
      [
        {
          case_id: caseId,
          case_number: audited[0]?.data.case_number,
          document_id: target,
          index_version: before.current.version + 1,
          by_user_id: demoUser('agente-obras'),
        },
      ],
    );
    assert.match(audited[0]!.data.case_number, /^EE-/);
    assert.ok(!JSON.stringify(audited).includes('Vinculado'));

    const after = await settled('agente-obras', caseId, 4, before.versions.length + 1);
    const current = after.current;
    assert.equal(current.reason, 'annulled');
    assert.deepEqual(
      current.entries.map((e: Json) => e.document_id),
      before.current.entries.map((e: Json) => e.document_id),
    );
    const entry = current.entries.find((e: Json) => e.document_id === target);
    assert.equal(entry.annulled, true);
    assert.equal(entry.annulment_reason, 'Vinculado por error al expediente');
    assert.equal(entry.first_folio, before.current.entries.find((e: Json) => e.document_id === target).first_folio);
    assert.match(
      pdfText(await signedIndexPdf(after.versions.at(-1))).replace(/\s+/g, ' '),
      /ANULADO .* Motivo: Vinculado por error al expediente/,
    );
    assert.equal(after.permissions.can_annul, true);
    assert.equal(
      (await request(`/api/v1/cases/${caseId}/index`, { headers: asIntegration('directora-rentas') })).body.permissions
        .can_annul,
      false,
    );
  });

  it('answers 400 for a malformed version and 404 for a missing one, a missing case or one the user cannot see', async () => {
    const get = (user: string, path: string) => request(`/api/v1/cases/${path}`, { headers: asIntegration(user) });
    assert.equal((await get('agente-obras', `${caseId}/index/versions/abc`)).status, 400);
    assert.equal((await get('agente-obras', `${caseId}/index/versions/0`)).status, 400);
    assert.equal((await get('agente-obras', `${caseId}/index/versions/999`)).status, 404);
    assert.equal((await get('agente-mesa', `${caseId}/index`)).status, 404);
    assert.equal((await get('agente-obras', `${randomUUID()}/index`)).status, 404);
    assert.equal((await get('agente-obras', 'nope/index')).status, 404);
    const backend = await request(`/api/v1/cases/${caseId}/index/versions/abc`, { headers: asBackend('agente-obras') });
    assert.equal(backend.status, 400);
    assert.equal(backend.body.success, false);
  });

  it('foliates a link made before foliation existed (unfoliated, written without the platform) in a new run of the municipality', async () => {
    const kase = (await createCase('agente-obras', { reference: `Expediente anterior ${tag}` })).case_id;
    await settled('agente-obras', kase, 1);
    const old = await officialDocument('agente-obras', `Informe anterior ${tag}`);
    const stack = getStack();
    // The run found by its Tenant, ended: the next change must start a new one.
    const run = stack.client.workflow.getHandle(caseFileWorkflowId('demo'));
    const described = await run.describe();
    assert.equal(described.typedSearchAttributes.get(TENANT), 'demo');
    await run.terminate('a new run must pick up what is left');
    await tenantDb(stack.db, stack.demoTenant).transaction(async (trx) => {
      await trx('case_documents').insert({
        case_id: kase,
        document_id: old.id,
        linked_by: (await trx('users').first('id')).id,
      });
      await trx.raw('select pg_notify(?, ?)', ['expediente_webhooks', stack.demoTenant.schema]);
    });
    const after = await settled('agente-obras', kase, 2);
    assert.equal(after.current.entries[1].document_id, old.id);
    assert.equal(after.current.entries[1].first_folio, after.current.entries[0].last_folio + 1);
    assert.notEqual(
      (await stack.client.workflow.getHandle(caseFileWorkflowId('demo')).describe()).runId,
      described.runId,
    );
  });
});
