/**
 * Memos end to end through the backend: a MEMO from agente-obras to agente-mesa and
 * directora-rentas (TO), directora-obras (CC) and intendente (BCC), with two users listed twice
 * (deduplicated to their strongest kind). First opening exactly once, BCC privacy, archive rules
 * and the unread count.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { asBackend, asIntegration, demoUser, request } from '../support/http.js';
import { sendMemo } from '../support/communications.js';

const get = (user: string, path: string) => request(`/api/v1/memos${path}`, { headers: asBackend(user) });
const archive = (user: string, id: string, json: unknown) =>
  request(`/api/v1/memos/${id}/archive`, { method: 'PATCH', headers: asBackend(user), json });
const unread = async (user: string) => {
  const res = await get(user, '/unread-count');
  assert.equal(res.status, 200, res.text);
  return res.body.data.unread_count as number;
};
const memoIds = (res: { body: { data: { memos: { document_id: string }[] } } }) =>
  res.body.data.memos.map((m) => m.document_id);

describe('memos: person-to-person MEMO documents', function () {
  this.timeout(180_000);
  const tag = randomUUID().slice(0, 8);
  let memo: { id: string; number: string };
  let unreadBefore: number;

  before(async () => {
    unreadBefore = await unread('agente-mesa');
    memo = await sendMemo(
      'agente-obras',
      {
        to: ['agente-mesa', 'directora-rentas'],
        cc: ['agente-mesa', 'directora-obras'],
        bcc: ['intendente', 'directora-obras'],
      },
      { reference: `Pedido de materiales ${tag}`, content: `<p>Necesitamos cemento, partida CM${tag}.</p>` },
    );
  });

  it('is numbered MEMO-<year>-<8 digits>-<municipality>-<sector>', () => {
    assert.match(memo.number, /^MEMO-\d{4}-\d{8}-MVE-DOP$/);
  });

  it('keeps one recipient per user, with the strongest kind (TO over CC over BCC)', async () => {
    const res = await get('agente-obras', `/${memo.id}`);
    assert.equal(res.status, 200, res.text);
    const names = (list: { user_id: string }[]) => list.map((r) => r.user_id).sort();
    const { recipients } = res.body.data;
    assert.deepEqual(names(recipients.to), [demoUser('agente-mesa'), demoUser('directora-rentas')].sort());
    assert.deepEqual(names(recipients.cc), [demoUser('directora-obras')]);
    assert.deepEqual(names(recipients.bcc), [demoUser('intendente')]);
    assert.deepEqual(
      recipients.to.find((r: { user_id: string }) => r.user_id === demoUser('agente-mesa')),
      {
        user_id: demoUser('agente-mesa'),
        full_name: 'Carlos Gómez',
        sector_acronym: 'MESA',
      },
    );
  });

  it("appears in each recipient's received list with their kind, unread", async () => {
    const kinds: Record<string, string> = {
      'agente-mesa': 'TO',
      'directora-rentas': 'TO',
      'directora-obras': 'CC',
      intendente: 'BCC',
    };
    for (const [user, kind] of Object.entries(kinds)) {
      const res = await get(user, `/received?search=${tag}`);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(memoIds(res), [memo.id], user);
      const item = res.body.data.memos[0];
      assert.equal(item.recipient_type, kind);
      assert.equal(item.official_number, memo.number);
      assert.equal(item.document_type, 'MEMO');
      // Filled a few seconds after officialization by the summary run (test/summaries/); null before.
      assert.ok(item.ai_summary === null || typeof item.ai_summary === 'string');
      assert.deepEqual(item.sender, {
        user_id: demoUser('agente-obras'),
        full_name: 'Jorge Peña',
        sector_acronym: 'DOP',
      });
      assert.deepEqual(item.read_status, { opened: false, opened_at: null });
      assert.deepEqual(Object.keys(res.body.data).sort(), ['memos', 'page', 'page_size', 'total', 'total_pages']);
    }
    assert.deepEqual(memoIds(await get('jefa-mesa', `/received?search=${tag}`)), []);
    assert.equal(await unread('agente-mesa'), unreadBefore + 1);
  });

  it('records the first opening exactly once under 10 concurrent first fetches', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => get('agente-mesa', `/${memo.id}`)));
    for (const a of answers) assert.equal(a.status, 200, a.text);
    const first = answers.filter((a) => a.body.data.my_access.first_open === true);
    assert.equal(first.length, 1, 'exactly one first_open');
    const openedAt = new Set(answers.map((a) => a.body.data.my_access.opened_at));
    assert.equal(openedAt.size, 1, 'one opened_at for every answer');
    assert.ok([...openedAt][0]);
    const later = await get('agente-mesa', `/${memo.id}`);
    assert.equal(later.body.data.my_access.first_open, false);
    assert.equal(later.body.data.my_access.opened_at, [...openedAt][0]);
    assert.equal(await unread('agente-mesa'), unreadBefore);
    const listed = await get('agente-mesa', `/received?search=${tag}`);
    assert.deepEqual(listed.body.data.memos[0].read_status, { opened: true, opened_at: [...openedAt][0] });
  });

  it('detail: BCC and openings only for the sender; a BCC recipient learns of no other BCC', async () => {
    const byRecipient = (await get('directora-rentas', `/${memo.id}`)).body.data;
    assert.equal(byRecipient.recipients.bcc, null);
    assert.equal(byRecipient.openings, null);
    assert.deepEqual(byRecipient.content, { html: `<p>Necesitamos cemento, partida CM${tag}.</p>` });
    assert.equal(byRecipient.sender.sector_name, 'Dirección de Obras Particulares');
    assert.ok(byRecipient.ai_summary === null || typeof byRecipient.ai_summary === 'string');
    assert.match(byRecipient.signed_pdf_url, /\/files\//);
    assert.equal(byRecipient.my_access.is_sender, false);
    assert.equal(byRecipient.my_access.recipient_type, 'TO');
    assert.equal(byRecipient.proposed_cases, null);

    const byBcc = (await get('intendente', `/${memo.id}`)).body.data;
    assert.equal(byBcc.recipients.bcc, null);
    assert.equal(byBcc.openings, null);
    assert.equal(byBcc.my_access.recipient_type, 'BCC');
    assert.ok(
      !JSON.stringify(byBcc.recipients).includes(demoUser('intendente')),
      'not even itself among the listed recipients',
    );

    const bySender = (await get('agente-obras', `/${memo.id}`)).body.data;
    assert.equal(bySender.my_access.is_sender, true);
    assert.equal(bySender.my_access.first_open, false);
    assert.equal(bySender.recipients.bcc.length, 1);
    const opened = bySender.openings.map((o: { user_id: string }) => o.user_id).sort();
    assert.deepEqual(opened, [demoUser('agente-mesa'), demoUser('directora-rentas'), demoUser('intendente')].sort());
  });

  it('detail is 403 to a user neither sender nor recipient, 404 when unknown', async () => {
    const outsider = await get('jefa-mesa', `/${memo.id}`);
    assert.equal(outsider.status, 403);
    assert.deepEqual(outsider.body, {
      success: false,
      data: null,
      message: 'Sin permisos para ver este memo: el usuario no es remitente ni destinatario',
    });
    for (const id of [randomUUID(), 'otro']) {
      const missing = await get('agente-mesa', `/${id}`);
      assert.equal(missing.status, 404);
      assert.equal(missing.body.message, 'Memo no encontrado');
    }
  });

  it('sent lists recipients and the openings count', async () => {
    const res = await get('agente-obras', `/sent?search=${tag}`);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(memoIds(res), [memo.id]);
    const item = res.body.data.memos[0];
    assert.equal(item.openings_count, 3);
    assert.deepEqual(
      item.recipients
        .map((r: { user_id: string; recipient_type: string }) => `${r.recipient_type}:${r.user_id}`)
        .sort(),
      [
        `TO:${demoUser('agente-mesa')}`,
        `TO:${demoUser('directora-rentas')}`,
        `CC:${demoUser('directora-obras')}`,
        `BCC:${demoUser('intendente')}`,
      ].sort(),
    );
    assert.deepEqual(memoIds(await get('agente-mesa', `/sent?search=${tag}`)), []);
  });

  it('archive: only recipients; the sender gets 403, anyone else 404', async () => {
    const bySender = await archive('agente-obras', memo.id, { archived: true });
    assert.equal(bySender.status, 403);
    assert.equal(bySender.body.message, 'El remitente no puede archivar sus propios memos');
    const byOutsider = await archive('jefa-mesa', memo.id, { archived: true });
    assert.equal(byOutsider.status, 404);
    assert.equal(byOutsider.body.message, 'Memo no encontrado');
    const missing = await archive('agente-mesa', memo.id, {});
    assert.equal(missing.status, 400);
    assert.equal(missing.body.message, 'archived es requerido');

    const res = await archive('agente-mesa', memo.id, { archived: true });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.success, true);
    assert.equal(res.body.archived, true);
    assert.ok(res.body.archived_at);
    assert.deepEqual(memoIds(await get('agente-mesa', `/received?search=${tag}`)), []);
    assert.deepEqual(memoIds(await get('agente-mesa', `/archived?search=${tag}`)), [memo.id]);
    const detail = (await get('agente-mesa', `/${memo.id}`)).body.data;
    assert.equal(detail.my_access.is_archived, true);
    assert.equal(detail.my_access.archived_at, res.body.archived_at);

    const back = await archive('agente-mesa', memo.id, { archived: false });
    assert.deepEqual([back.body.archived, back.body.archived_at], [false, null]);
    assert.deepEqual(memoIds(await get('agente-mesa', `/received?search=${tag}`)), [memo.id]);
  });

  it('unread-count drops when a recipient opens or archives', async () => {
    const before = await unread('directora-obras');
    assert.ok(before >= 1);
    await archive('directora-obras', memo.id, { archived: true });
    assert.equal(await unread('directora-obras'), before - 1);
    await archive('directora-obras', memo.id, { archived: false });
    assert.equal(await unread('directora-obras'), before);
    await get('directora-obras', `/${memo.id}`);
    assert.equal(await unread('directora-obras'), before - 1);
  });

  it('filters by search (number, subject, content) and dates; refuses bad ones with 400', async () => {
    for (const search of [memo.number, `materiales ${tag}`, `CM${tag}`]) {
      assert.deepEqual(
        memoIds(await get('directora-rentas', `/received?search=${encodeURIComponent(search)}`)),
        [memo.id],
        search,
      );
    }
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
    assert.deepEqual(memoIds(await get('directora-rentas', `/received?search=${tag}&date_filter=hoy`)), [memo.id]);
    assert.deepEqual(memoIds(await get('directora-rentas', `/received?search=${tag}&date_filter=ultimos_7_dias`)), [
      memo.id,
    ]);
    assert.deepEqual(memoIds(await get('directora-rentas', `/received?search=${tag}&date_filter=ayer`)), []);
    assert.deepEqual(memoIds(await get('agente-obras', `/sent?search=${tag}&date_from=${today}&date_to=${today}`)), [
      memo.id,
    ]);
    assert.deepEqual(memoIds(await get('agente-obras', `/sent?search=${tag}&date_to=2020-01-01`)), []);
    const bad: [string, string][] = [
      ['/received?page_size=101', 'page_size debe ser un entero entre 1 y 100'],
      ['/received?date_filter=manana', 'date_filter debe ser uno de: hoy, ayer, ultimos_7_dias, ultimos_30_dias'],
      ['/sent?date_from=2026-13-01', 'date_from debe tener el formato YYYY-MM-DD'],
    ];
    for (const [path, message] of bad) {
      const res = await get('directora-rentas', path);
      assert.equal(res.status, 400, path);
      assert.equal(res.body.message, message);
    }
  });

  it('a memo still a draft is not delivered', async () => {
    const created = await request('/api/v1/documents', {
      method: 'POST',
      headers: asBackend('agente-obras'),
      json: {
        document_type_acronym: 'MEMO',
        reference: `Memo sin firmar ${tag}`,
        recipients: { to: [demoUser('agente-mesa')] },
      },
    });
    const id = created.body.data.document_id;
    assert.equal((await get('agente-mesa', `/${id}`)).status, 404);
    assert.deepEqual(
      memoIds(await get('agente-mesa', `/received?search=${encodeURIComponent(`sin firmar ${tag}`)}`)),
      [],
    );
  });

  it("is private: the author's sector and its viewers do not see it, only author, signers and recipients", async () => {
    const secret = randomUUID().slice(0, 8);
    const privateMemo = await sendMemo(
      'agente-obras',
      { to: ['agente-mesa'] },
      { reference: `Asunto personal ${secret}`, content: '<p>Reservado.</p>' },
    );
    // Lucía directs Obras Particulares, the author's sector, and is not a recipient.
    const asDirector = await request(`/api/v1/documents/${privateMemo.id}`, {
      headers: asIntegration('directora-obras'),
    });
    assert.equal(asDirector.status, 404, asDirector.text);
    const listed = await request(`/api/v1/documents/search?search=${secret}`, {
      headers: asIntegration('directora-obras'),
    });
    assert.equal(listed.status, 200, listed.text);
    assert.equal(listed.body.documents.length, 0);
    for (const user of ['agente-obras', 'agente-mesa']) {
      const res = await request(`/api/v1/documents/${privateMemo.id}`, { headers: asIntegration(user) });
      assert.equal(res.status, 200, `${user}: ${res.text}`);
    }
  });
});
