/**
 * Notes end to end: a NOTA addressed to sectors (to MESA, cc RENT, bcc DOP) is signed and
 * numbered, and only then reaches every member of those sectors. Read state is per user,
 * archiving per receiving sector; BCC sectors stay hidden from everyone but the sender.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { asBackend, asIntegration, demoSector, demoUser, request } from '../support/http.js';
import { createIntegrationDraft } from '../support/documents.js';
import { draftNote, sendNote, startSigning } from '../support/communications.js';

const received = (user: string, query = '') =>
  request(`/api/v1/notes/received${query}`, { headers: asIntegration(user) });
const detail = (user: string, id: string) => request(`/api/v1/notes/${id}`, { headers: asIntegration(user) });
const archive = (user: string, id: string, json: unknown) =>
  request(`/api/v1/notes/${id}/archive`, { method: 'PATCH', headers: asIntegration(user), json });
const ids = (res: { body: { notes: { note_id: string }[] } }) => res.body.notes.map((n) => n.note_id);

describe('notes: NOTA delivered to sectors', function () {
  this.timeout(180_000);
  const tag = randomUUID().slice(0, 8);
  let note: { id: string; number: string };

  before(async () => {
    note = await sendNote(
      'intendente',
      { to: ['MESA'], cc: ['RENT'], bcc: ['DOP'] },
      {
        reference: `Bacheo calle Güemes ${tag}`,
        content: `<p>Presupuesto del bacheo: código presupuestario PZ${tag}.</p>`,
      },
    );
  });

  it('is numbered as a NOTA of the sender sector', () => {
    assert.match(note.number, /^NO-\d{4}-\d{8}-MVE-INTEN$/);
  });

  it('reaches every member of the to, cc and bcc sectors, unread for each', async () => {
    for (const user of ['agente-mesa', 'jefa-mesa', 'directora-rentas', 'agente-obras', 'directora-obras']) {
      const res = await received(user, `?search=${tag}`);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(ids(res), [note.id], user);
      const item = res.body.notes[0];
      assert.equal(item.is_read, false);
      assert.equal(item.subject, `Bacheo calle Güemes ${tag}`);
      assert.deepEqual(item.sender, { user_id: demoUser('intendente'), full_name: 'Martín Álvarez' });
      assert.ok(item.created_at);
      assert.deepEqual(Object.keys(res.body).sort(), ['notes', 'page', 'page_size', 'total', 'total_pages']);
    }
  });

  it('detail reads it for that user only; unread_only follows', async () => {
    assert.deepEqual(ids(await received('agente-mesa', `?unread_only=true&search=${tag}`)), [note.id]);
    const res = await detail('agente-mesa', note.id);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.note_id, note.id);
    assert.equal(res.body.body, `<p>Presupuesto del bacheo: código presupuestario PZ${tag}.</p>`);
    assert.equal(res.body.sender.sector.acronym, 'INTEN');
    assert.equal(res.body.is_read, true);
    assert.ok(res.body.read_at);
    assert.equal(res.body.is_archived, false);

    // The read time is kept: a second fetch answers the first read.
    const again = await detail('agente-mesa', note.id);
    assert.equal(again.body.read_at, res.body.read_at);
    assert.equal((await received('agente-mesa', `?search=${tag}`)).body.notes[0].is_read, true);
    assert.deepEqual(ids(await received('agente-mesa', `?unread_only=true&search=${tag}`)), []);
    // Another member of the same sector has not read it.
    assert.equal((await received('jefa-mesa', `?search=${tag}`)).body.notes[0].is_read, false);
    assert.deepEqual(ids(await received('jefa-mesa', `?unread_only=1&search=${tag}`)), [note.id]);
    const me = again.body.recipients.find((r: { user_id: string }) => r.user_id === demoUser('agente-mesa'));
    assert.equal(me.is_read, true);
    assert.equal(me.read_at, res.body.read_at);
    const boss = again.body.recipients.find((r: { user_id: string }) => r.user_id === demoUser('jefa-mesa'));
    assert.equal(boss.is_read, false);
    assert.equal(boss.read_at, null);
  });

  it('hides users reached only by BCC from everyone but the sender', async () => {
    const seen = (res: { body: { recipients: { user_id: string; recipient_kind: string }[] } }) =>
      Object.fromEntries(res.body.recipients.map((r) => [r.user_id, r.recipient_kind]));
    const byRecipient = seen(await detail('directora-rentas', note.id));
    // Other suites may add members to these sectors (they are recipients too): the demo users' kinds are known.
    const demo = ['agente-mesa', 'jefa-mesa', 'directora-obras', 'directora-rentas', 'agente-obras'].map(demoUser);
    assert.deepEqual(Object.fromEntries(Object.entries(byRecipient).filter(([id]) => demo.includes(id))), {
      [demoUser('agente-mesa')]: 'to',
      [demoUser('jefa-mesa')]: 'to',
      [demoUser('directora-obras')]: 'to',
      [demoUser('directora-rentas')]: 'cc',
    });
    assert.ok(!Object.values(byRecipient).includes('bcc'), 'a recipient sees no BCC user');
    const byBcc = seen(await detail('agente-obras', note.id));
    assert.equal(byBcc[demoUser('agente-obras')], 'bcc', 'a BCC user sees themself');
    const bySender = seen(await detail('intendente', note.id));
    assert.equal(bySender[demoUser('agente-obras')], 'bcc');
    assert.equal(bySender[demoUser('intendente')], undefined, 'the sender is not a recipient');
  });

  it('searches subject or content', async () => {
    assert.deepEqual(ids(await received('agente-mesa', `?search=PZ${tag}`)), [note.id], 'content');
    assert.deepEqual(
      ids(await received('agente-mesa', `?search=${encodeURIComponent(`güemes ${tag}`)}`)),
      [note.id],
      'subject, any case',
    );
    assert.deepEqual(ids(await received('agente-mesa', `?search=nada-${tag}`)), []);
  });

  it("sent lists the sender's notes with their recipients", async () => {
    const res = await request(`/api/v1/notes/sent?search=${tag}`, { headers: asIntegration('intendente') });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(ids(res), [note.id]);
    const recipients = res.body.notes[0].recipients as { user_id: string; full_name: string; is_read: boolean }[];
    // Recipients are the active members of the delivered sectors: the five demo members at least
    // (other suites may add members to the same sectors), each listed once.
    const demoMembers = ['agente-mesa', 'jefa-mesa', 'directora-rentas', 'agente-obras', 'directora-obras'].map(
      demoUser,
    );
    for (const member of demoMembers)
      assert.ok(
        recipients.some((r) => r.user_id === member),
        member,
      );
    assert.equal(new Set(recipients.map((r) => r.user_id)).size, recipients.length);
    assert.equal(recipients.find((r) => r.user_id === demoUser('agente-mesa'))!.is_read, true);
    assert.deepEqual(
      ids(await request(`/api/v1/notes/sent?search=${tag}`, { headers: asIntegration('agente-mesa') })),
      [],
    );
  });

  it("archive moves it out of the sector's received list and back", async () => {
    const res = await archive('agente-mesa', note.id, { archived: true, sector_id: demoSector('MESA') });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { note_id: note.id, archived: true, message: 'Nota archivada' });
    assert.deepEqual(ids(await received('agente-mesa', `?search=${tag}`)), []);
    const archived = await request(`/api/v1/notes/archived?search=${tag}`, { headers: asIntegration('agente-mesa') });
    assert.deepEqual(ids(archived), [note.id]);
    assert.ok(archived.body.notes[0].archived_at);
    assert.equal((await detail('agente-mesa', note.id)).body.is_archived, true);
    // The sector's inbox is shared; a member who also receives it in another sector still has it there.
    assert.deepEqual(
      ids(await received('jefa-mesa', `?search=${tag}`)),
      [note.id],
      'jefa-mesa receives it in RENT too',
    );
    assert.deepEqual(
      ids(await received('directora-obras', `?search=${tag}`)),
      [note.id],
      'directora-obras receives it in DOP too',
    );

    const back = await archive('agente-mesa', note.id, { archived: false, sector_id: demoSector('MESA') });
    assert.deepEqual(back.body, { note_id: note.id, archived: false, message: 'Nota desarchivada' });
    assert.deepEqual(ids(await received('agente-mesa', `?search=${tag}`)), [note.id]);
    assert.deepEqual(
      ids(await request(`/api/v1/notes/archived?search=${tag}`, { headers: asIntegration('agente-mesa') })),
      [],
    );
  });

  it('archive refuses a missing field (400), a sector without rights (403), an unknown note (404)', async () => {
    const cases: [unknown, number, string][] = [
      [{ archived: true }, 400, 'sector_id es requerido'],
      [{ sector_id: demoSector('MESA') }, 400, 'archived es requerido'],
      [{ archived: 'si', sector_id: demoSector('MESA') }, 400, 'archived debe ser true o false'],
      [{ archived: true, sector_id: 'MESA' }, 400, 'sector_id debe ser un UUID'],
      [{ archived: true, sector_id: demoSector('DOP') }, 403, 'Sin permisos en el sector indicado'],
    ];
    for (const [json, status, error] of cases) {
      const res = await archive('agente-mesa', note.id, json);
      assert.equal(res.status, status, res.text);
      assert.deepEqual(res.body, { error });
    }
    const unknown = await archive('agente-mesa', randomUUID(), { archived: true, sector_id: demoSector('MESA') });
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.body, { error: 'Nota no encontrada' });
    // The sender belongs to no receiving sector.
    const bySender = await archive('intendente', note.id, { archived: true, sector_id: demoSector('INTEN') });
    assert.equal(bySender.status, 404);
    assert.deepEqual(bySender.body, { error: 'La nota no fue recibida por el sector indicado' });
  });

  it('detail is 403 to a user neither sender nor recipient, 404 when unknown', async () => {
    const other = await sendNote('intendente', { to: ['RENT'] }, { reference: `Solo Rentas ${tag}` });
    const res = await detail('agente-mesa', other.id);
    assert.equal(res.status, 403);
    assert.deepEqual(res.body, {
      error: 'Sin permisos para ver esta nota: el usuario no es remitente ni destinatario',
    });
    assert.deepEqual(ids(await received('agente-mesa', `?search=${encodeURIComponent(`Solo Rentas ${tag}`)}`)), []);
    assert.equal((await detail('directora-rentas', other.id)).status, 200);
    for (const id of [randomUUID(), 'no-es-un-uuid', await createIntegrationDraft('intendente')]) {
      const missing = await detail('agente-mesa', id);
      assert.equal(missing.status, 404, id);
      assert.deepEqual(missing.body, { error: 'Nota no encontrada' });
    }
  });

  it('a draft, in-signing or rejected NOTA is never visible to its recipients', async () => {
    const reference = `Nota sin oficializar ${tag}`;
    const id = await draftNote(
      'intendente',
      { to: ['MESA'] },
      { reference, signers: ['directora-rentas', 'intendente'] },
    );
    const invisible = async (state: string) => {
      assert.equal((await detail('agente-mesa', id)).status, 404, state);
      assert.deepEqual(ids(await received('agente-mesa', `?search=${encodeURIComponent(reference)}`)), [], state);
      assert.deepEqual(
        ids(
          await request(`/api/v1/notes/sent?search=${encodeURIComponent(reference)}`, {
            headers: asIntegration('intendente'),
          }),
        ),
        [],
        state,
      );
    };
    await invisible('draft');
    await startSigning(id, 'intendente');
    await invisible('sent_to_sign');
    const rejected = await request(`/api/v1/documents/${id}/reject`, {
      method: 'POST',
      headers: asIntegration('directora-rentas'),
      json: { reason: 'Falta el presupuesto' },
    });
    assert.equal(rejected.status, 200, rejected.text);
    await invisible('rejected');
  });

  it('lists refuse bad paging and flags with 400', async () => {
    for (const query of ['?page_size=101', '?page=0', '?unread_only=quizas']) {
      const res = await received('agente-mesa', query);
      assert.equal(res.status, 400, query);
      assert.ok(res.body.error);
    }
  });

  describe('backend', () => {
    // Backend search is on the subject (and number).
    const backendReceived = (user: string) =>
      request(`/api/v1/notes/received?search=${encodeURIComponent(`Güemes ${tag}`)}`, { headers: asBackend(user) });

    it('received items carry reception kind, sender sector and user, is_read', async () => {
      const kinds: Record<string, string> = {
        'agente-mesa': 'to',
        'directora-rentas': 'cc',
        'agente-obras': 'bcc',
        'jefa-mesa': 'to',
      };
      for (const [user, kind] of Object.entries(kinds)) {
        const res = await backendReceived(user);
        assert.equal(res.status, 200, res.text);
        assert.equal(res.body.success, true);
        const [item] = res.body.data.notes;
        assert.equal(item.note_id, note.id, user);
        assert.equal(item.reception_kind, kind, user);
        assert.equal(item.official_number, note.number);
        assert.deepEqual(item.sender, {
          user_id: demoUser('intendente'),
          full_name: 'Martín Álvarez',
          sector: { sector_id: demoSector('INTEN'), name: 'Intendencia', acronym: 'INTEN' },
        });
        assert.equal(typeof item.is_read, 'boolean');
        assert.ok(item.content.includes(`PZ${tag}`));
      }
    });

    it('detail shows sector recipients by kind; BCC only to the sender', async () => {
      const recipient = await request(`/api/v1/notes/${note.id}`, { headers: asBackend('agente-mesa') });
      assert.equal(recipient.status, 200, recipient.text);
      const acronyms = (list: { acronym: string }[]) => list.map((s) => s.acronym);
      assert.deepEqual(acronyms(recipient.body.data.recipients.to), ['MESA']);
      assert.deepEqual(acronyms(recipient.body.data.recipients.cc), ['RENT']);
      assert.deepEqual(recipient.body.data.recipients.bcc, []);
      assert.equal(recipient.body.data.my_access.reception_kind, 'to');
      const sender = await request(`/api/v1/notes/${note.id}`, { headers: asBackend('intendente') });
      assert.deepEqual(acronyms(sender.body.data.recipients.bcc), ['DOP']);
      assert.equal(sender.body.data.my_access.is_sender, true);
      const outsider = await request(`/api/v1/notes/${randomUUID()}`, { headers: asBackend('agente-mesa') });
      assert.equal(outsider.status, 404);
      assert.deepEqual(outsider.body, { success: false, data: null, message: 'Nota no encontrada' });
    });

    it("archive (POST) takes the note out of the user's received sectors", async () => {
      const res = await request(`/api/v1/notes/${note.id}/archive`, {
        method: 'POST',
        headers: asBackend('agente-obras'),
        json: {},
      });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.data.archived, true);
      assert.deepEqual(res.body.data.sector_ids, [demoSector('DOP')]);
      assert.deepEqual((await backendReceived('agente-obras')).body.data.notes, []);
      const archived = await request(`/api/v1/notes/archived?search=${encodeURIComponent(`Güemes ${tag}`)}`, {
        headers: asBackend('agente-obras'),
      });
      assert.deepEqual(
        archived.body.data.notes.map((n: { note_id: string }) => n.note_id),
        [note.id],
      );
      const bySender = await request(`/api/v1/notes/${note.id}/archive`, {
        method: 'POST',
        headers: asBackend('intendente'),
        json: {},
      });
      assert.equal(bySender.status, 403);
      assert.equal(bySender.body.message, 'Solo los sectores destinatarios pueden archivar una nota');
    });
  });
});
