/**
 * X-User-ID may be left out only by a key created with the system scope (`system_read`,
 * `--system-read`), and such a read never returns a memo, a note or a draft of anybody; a key
 * scoped to users gets 401 without the header. The scope is shown by the admin list and
 * `apikey:list`, recorded in the audit trail, and each key's system reads are counted.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { apiKeyUsageRecorder } from '../../domain/api-keys/usage.js';
import { createCase } from '../support/cases.js';
import { sendMemo, sendNote } from '../support/communications.js';
import { createIntegrationDraft, prepareIntegrationDraft } from '../support/documents.js';
import { getStack } from '../support/hooks.js';
import { asBackend, asIntegration, demoUser, request } from '../support/http.js';
import { until } from '../support/until.js';

const run = promisify(execFile);
const ADMIN_PATH = '/api/v1/admin/api-keys';
const MISSING_USER = { error: 'X-User-ID header requerido para REST API' };
const NOT_FOUND = { error: 'Documento no encontrado' };

async function adminCreate(body: Record<string, unknown>) {
  const res = await request(ADMIN_PATH, { method: 'POST', headers: asBackend('intendente'), json: body });
  assert.equal(res.status, 201, res.text);
  return res.body.data as { id: string; key: string; system_read: boolean; user_ids: string[] };
}

async function cli(command: string, args: string[]) {
  return run('npm', ['run', '-s', `apikey:${command}`, '--', ...args], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: getStack().databaseUrl, LOG_LEVEL: 'error' },
  });
}

const asKey = (key: string, baseUrl?: string) => ({ headers: { 'X-API-Key': key }, ...(baseUrl ? { baseUrl } : {}) });
const post = (path: string, user: string, json: unknown) =>
  request(path, { method: 'POST', headers: asIntegration(user), json });

describe('system-scope API keys and X-User-ID', function () {
  this.timeout(240_000);
  const tag = randomUUID().slice(0, 8);
  let caseId: string;
  let inf: string;
  let memo: string;
  let note: string;
  let draft: string;
  let inSigning: string;
  let userScoped: { id: string; key: string };
  let system: { id: string; key: string; system_read: boolean; user_ids: string[] };

  before(async () => {
    caseId = (await createCase('agente-obras', { reference: `Obra con correspondencia ${tag}` })).case_id;
    inf = await prepareIntegrationDraft('agente-obras', ['agente-obras'], { reference: `Informe oficial ${tag}` });
    assert.equal((await post(`/api/v1/documents/${inf}/start-signing`, 'agente-obras', {})).status, 200);
    assert.equal((await post(`/api/v1/documents/${inf}/sign`, 'agente-obras', {})).status, 200);
    memo = (
      await sendMemo(
        'agente-obras',
        { to: ['agente-mesa'], cc: ['directora-rentas'], bcc: ['intendente'] },
        { reference: `Memo privado ${tag}` },
      )
    ).id;
    note = (await sendNote('agente-obras', { to: ['MESA'], bcc: ['INTEN'] }, { reference: `Nota privada ${tag}` })).id;
    for (const id of [inf, memo, note]) {
      const linked = await post(`/api/v1/cases/${caseId}/documents/link`, 'agente-obras', { official_document_id: id });
      assert.equal(linked.status, 200, linked.text);
    }
    draft = await createIntegrationDraft('agente-obras', { reference: `Borrador ${tag}`, case_id: caseId });
    inSigning = await prepareIntegrationDraft('agente-obras', ['agente-obras'], {
      reference: `En firma ${tag}`,
      case_id: caseId,
    });
    assert.equal((await post(`/api/v1/documents/${inSigning}/start-signing`, 'agente-obras', {})).status, 200);
    userScoped = await adminCreate({ name: `solo carlos ${tag}`, user_ids: [demoUser('agente-mesa')] });
    system = await adminCreate({ name: `sistema ${tag}`, system_read: true });
  });

  it('a key scoped to users gets 401 without X-User-ID on document detail, case detail and case documents', async () => {
    for (const path of [
      `/api/v1/documents/${memo}`,
      `/api/v1/documents/${inf}`,
      `/api/v1/documents/${draft}`,
      `/api/v1/cases/${caseId}`,
      `/api/v1/cases/${caseId}/documents`,
    ]) {
      const res = await request(path, asKey(userScoped.key));
      assert.deepEqual([res.status, res.body], [401, MISSING_USER], path);
    }
    // The demo key is scoped to users too.
    const demo = await request(`/api/v1/documents/${inf}`, asKey(getStack().demoApiKey));
    assert.deepEqual([demo.status, demo.body], [401, MISSING_USER]);
    // With the header the key acts for its user as before.
    const asCarlos = await request(`/api/v1/documents/${memo}`, {
      headers: { 'X-API-Key': userScoped.key, 'X-User-ID': demoUser('agente-mesa') },
    });
    assert.equal(asCarlos.status, 200, asCarlos.text);
    const draftAsCarlos = await request(`/api/v1/documents/${draft}`, {
      headers: { 'X-API-Key': userScoped.key, 'X-User-ID': demoUser('agente-mesa') },
    });
    assert.equal(draftAsCarlos.status, 404);
  });

  it('a system-scope key reads an official INF and the case, but a memo, a note and a draft are not found, and a document in signing asks for the user', async () => {
    const official = await request(`/api/v1/documents/${inf}`, asKey(system.key));
    assert.equal(official.status, 200, official.text);
    assert.equal(official.body.document_id, inf);
    for (const id of [memo, note, draft]) {
      const res = await request(`/api/v1/documents/${id}`, asKey(system.key));
      assert.deepEqual([res.status, res.body], [404, NOT_FOUND], id);
    }
    // A document in signing asks for the user (spec), and is no official document to list.
    const signing = await request(`/api/v1/documents/${inSigning}`, asKey(system.key));
    assert.deepEqual([signing.status, signing.body], [401, MISSING_USER]);
    // The case's cover (CAEX) and the INF are listed; the memo, the note, the draft and the document in signing are left out.
    const ids = (res: { body: { documents: { document_id: string }[] } }) =>
      res.body.documents.map((d) => d.document_id);
    const detail = await request(`/api/v1/cases/${caseId}?include_documents=true`, asKey(system.key));
    assert.equal(detail.status, 200, detail.text);
    // Nor the case's summary, which may quote the note linked to it.
    assert.equal(detail.body.short_ai_summary, null);
    const listed = await request(`/api/v1/cases/${caseId}/documents`, asKey(system.key));
    assert.equal(listed.status, 200, listed.text);
    for (const res of [detail, listed]) {
      assert.equal(ids(res).length, 2, JSON.stringify(res.body));
      assert.ok(ids(res).includes(inf));
      for (const id of [memo, note, draft, inSigning]) assert.ok(!ids(res).includes(id), id);
    }
    // The case's own users still see all of them.
    const asJorge = await request(`/api/v1/cases/${caseId}/documents`, { headers: asIntegration('agente-obras') });
    for (const id of [inf, memo, note, draft, inSigning]) assert.ok(ids(asJorge).includes(id), id);
    // A system-only key acts for nobody.
    const asUser = await request(`/api/v1/documents/${inf}`, {
      headers: { 'X-API-Key': system.key, 'X-User-ID': demoUser('agente-obras') },
    });
    assert.deepEqual([asUser.status, asUser.body], [401, { error: 'Usuario no autorizado para esta API Key' }]);
  });

  it('the admin list shows the scope, the audit records it, and system reads are counted', async () => {
    assert.equal(system.system_read, true);
    assert.deepEqual(system.user_ids, []);
    const list = await request(ADMIN_PATH, { headers: asBackend('intendente') });
    const item = list.body.data.items.find((k: { id: string }) => k.id === system.id);
    assert.equal(item.system_read, true);
    assert.equal(list.body.data.items.find((k: { id: string }) => k.id === userScoped.id).system_read, false);
    const audit = await request(`${ADMIN_PATH}/${system.id}/audit`, { headers: asBackend('intendente') });
    assert.equal(audit.body.data.items[0].action, 'create');
    assert.equal(audit.body.data.items[0].details.system_read, true);
    const unscoped = await request(ADMIN_PATH, {
      method: 'POST',
      headers: asBackend('intendente'),
      json: { name: `sin usuarios ${tag}` },
    });
    assert.equal(unscoped.status, 400, 'no users and no system scope');

    const api = await getStack().extraApi({ API_KEY_USAGE_FLUSH_SECONDS: '1' });
    try {
      const keys = () => getStack().db.withSchema('control').table('api_keys').where({ id: system.id }).first();
      const before = Number((await keys()).system_read_count);
      for (let i = 0; i < 2; i++)
        assert.equal((await request(`/api/v1/cases/${caseId}`, asKey(system.key, api.url))).status, 200);
      const row = await until(
        'system reads',
        async () => {
          const r = await keys();
          return Number(r.system_read_count) >= before + 2 ? r : undefined;
        },
        10_000,
      );
      assert.ok(row.last_system_read_at instanceof Date);
      const after = (await request(ADMIN_PATH, { headers: asBackend('intendente') })).body.data.items.find(
        (k: { id: string }) => k.id === system.id,
      );
      assert.equal(after.system_read_count, Number(row.system_read_count));
      assert.equal(after.last_system_read_at, row.last_system_read_at.toISOString());
    } finally {
      await api.close();
      await apiKeyUsageRecorder(getStack().db, 1_000, () => undefined).close();
    }
  });

  it('apikey:create --system-read makes a system-scope key that apikey:list shows (text and --json)', async () => {
    const name = `cli sistema ${tag}`;
    const created = JSON.parse(
      (await cli('create', ['--tenant', 'demo', '--name', name, '--system-read', '--json'])).stdout,
    );
    assert.equal(created.system_read, true);
    assert.deepEqual(created.user_ids, []);
    const text = (await cli('list', ['--tenant', 'demo'])).stdout;
    assert.match(text.split('\n')[0]!, /SYSTEM READ/);
    const line = text.split('\n').find((l) => l.includes(created.id));
    assert.ok(line, text);
    assert.match(line, /\byes\b/);
    const listed = JSON.parse((await cli('list', ['--tenant', 'demo', '--json'])).stdout);
    assert.equal(listed.find((k: { id: string }) => k.id === created.id).system_read, true);
    const plain = listed.find((k: { id: string }) => k.id === userScoped.id);
    assert.equal(plain.system_read, false);
    const works = await request(`/api/v1/documents/${inf}`, asKey(created.key));
    assert.equal(works.status, 200, works.text);
    await assert.rejects(
      cli('create', ['--tenant', 'demo', '--name', `cli nada ${tag}`]),
      (err: { code?: number }) => err.code === 2,
    );
  });
});
