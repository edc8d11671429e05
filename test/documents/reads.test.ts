import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getStack } from '../support/hooks.js';
import { asBackend, asIntegration, demoUser, request } from '../support/http.js';
import { createCase } from '../support/cases.js';
import {
  createBackendDraft,
  createIntegrationDraft,
  letterPdf,
  pdfForm,
  prepareIntegrationDraft,
} from '../support/documents.js';
import { pdfSignatures } from '../support/pdf-tools.js';
import { tenantDb } from '../../db/tenancy.js';

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'expediente-pdf-'));
  const file = path.join(dir, 'doc.pdf');
  writeFileSync(file, bytes);
  // -raw keeps content-stream order, so rotated text (the watermark) comes out whole.
  return execFileSync('pdftotext', ['-raw', file, '-']).toString('utf8');
}

describe('documents: reads', () => {
  describe('detail', () => {
    it('integration detail has the full document object; without X-User-ID a key scoped to users is refused', async () => {
      const id = await prepareIntegrationDraft('agente-obras', ['directora-obras', 'intendente']);
      const res = await request(`/api/v1/documents/${id}`, { headers: asIntegration('agente-obras') });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.document_type, { acronym: 'INF', name: 'Informe' });
      assert.deepEqual(res.body.created_by, { user_id: demoUser('agente-obras'), full_name: 'Jorge Peña' });
      assert.equal(res.body.signers.length, 2);
      assert.equal(res.body.document_number, null);
      const anonymous = await request(`/api/v1/documents/${id}`, { headers: { 'X-API-Key': getStack().demoApiKey } });
      assert.deepEqual(
        [anonymous.status, anonymous.body],
        [401, { error: 'X-User-ID header requerido para REST API' }],
        'only a system-scope key may omit X-User-ID',
      );
      const stranger = await request(`/api/v1/documents/${id}`, { headers: asIntegration('directora-rentas') });
      assert.equal(stranger.status, 404, 'a user who cannot see it');
    });

    it('a signer sees a document of another sector', async () => {
      const id = await prepareIntegrationDraft('agente-obras', ['directora-rentas']);
      const res = await request(`/api/v1/documents/${id}`, { headers: asIntegration('directora-rentas') });
      assert.equal(res.status, 200);
    });

    it('404 for unknown and malformed ids', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'x']) {
        const res = await request(`/api/v1/documents/${id}`, { headers: asIntegration() });
        assert.deepEqual([res.status, res.body], [404, { error: 'Documento no encontrado' }]);
      }
    });

    it('backend details: state_category editing with what the editor needs', async () => {
      const id = await createBackendDraft('agente-obras');
      const res = await request(`/api/v1/documents/${id}/details`, { headers: asBackend('agente-obras') });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.state_category, 'editing');
      assert.equal(res.body.data.editing.can_edit, true);
      assert.equal(res.body.data.editing.is_creator, true);
    });

    it('preview-info describes the document without a PDF', async () => {
      const id = await prepareIntegrationDraft('agente-obras', ['intendente']);
      const res = await request(`/api/v1/documents/${id}/preview-info`, {
        method: 'POST',
        headers: asBackend('agente-obras'),
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.document_id, id);
      assert.equal(res.body.data.municipality, 'Municipalidad de Villa Esperanza');
      assert.equal(res.body.data.signers[0].is_numerator, true);
    });
  });

  describe('previews', () => {
    it('an HTML draft previews as a Letter PDF with a BORRADOR watermark, header and page footer', async () => {
      const id = await prepareIntegrationDraft('agente-obras', ['intendente']);
      const res = await request(`/api/v1/documents/${id}/preview-download`, {
        method: 'POST',
        headers: asBackend('agente-obras'),
      });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'application/pdf');
      const text = pdfText(res.bytes);
      assert.match(text, /BORRADOR/);
      assert.match(text, /Informe \(INF\)/);
      assert.match(text, /Página 1 de 1/);
      assert.match(text, /Señor Núñez/);
      assert.match(text, /Cañería/);
      const info = execFileSync('pdfinfo', ['-'], { input: res.bytes }).toString();
      assert.match(info, /Page size:\s+612 x 792 pts \(letter\)/);
    });

    it('in signing, the preview is the exact revision the next signature covers: no watermark, the stored file itself', async () => {
      const id = await prepareIntegrationDraft('agente-obras', ['jefa-mesa', 'intendente']);
      assert.equal(
        (
          await request(`/api/v1/documents/${id}/start-signing`, {
            method: 'POST',
            headers: asIntegration('agente-obras'),
          })
        ).status,
        200,
      );
      const exact = async (user: string) => {
        const res = await request(`/api/v1/documents/${id}/preview-download`, {
          method: 'POST',
          headers: asBackend(user),
        });
        assert.equal(res.status, 200, res.text);
        const pdf = Buffer.from(await (await fetch(res.body.data.pdf_url)).arrayBuffer());
        assert.doesNotMatch(pdfText(pdf), /BORRADOR/);
        return pdf;
      };
      const stored = async () => {
        const file = await tenantDb(getStack().db, getStack().demoTenant).transaction((trx) =>
          trx('document_files')
            .where({ document_id: id, kind: 'signing' })
            .orderBy([
              { column: 'round', order: 'desc' },
              { column: 'revision', order: 'desc' },
            ])
            .first('storage_key'),
        );
        return (await getStack().services.storage.get(file.storage_key))!;
      };
      assert.ok((await exact('jefa-mesa')).equals(await stored()), 'the first signer sees the rendered file');
      assert.equal(
        (await request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers: asIntegration('jefa-mesa') })).status,
        200,
      );
      const second = await exact('intendente');
      assert.ok(second.equals(await stored()), 'the numerator sees the revision with the first signature');
      assert.equal(pdfSignatures(second).length, 1);
    });

    it('an imported document previews as a signed URL', async () => {
      const imported = await request('/api/v1/documents/import', {
        method: 'POST',
        headers: asIntegration('agente-obras'),
        form: pdfForm({ document_type_acronym: 'INF', reference: 'Externo' }, { bytes: await letterPdf() }),
      });
      const res = await request(`/api/v1/documents/${imported.body.document_id}/preview-download`, {
        method: 'POST',
        headers: asBackend('agente-obras'),
      });
      assert.equal(res.status, 200);
      assert.match(
        res.body.data.pdf_url,
        /\/files\/tenants\/demo\/documents\/.+\/imported\.pdf\?expires=\d+&signature=[0-9a-f]{64}$/,
      );
      assert.equal(res.body.data.expires_in, 600);
    });
  });

  describe('signed file URLs', () => {
    async function importedUrl(): Promise<string> {
      const imported = await request('/api/v1/documents/import', {
        method: 'POST',
        headers: asIntegration('agente-obras'),
        form: pdfForm({ document_type_acronym: 'INF', reference: 'Externo' }, { bytes: await letterPdf() }),
      });
      const url = await request(`/api/v1/documents/${imported.body.document_id}/url`, {
        headers: asIntegration('agente-obras'),
      });
      return url.body.pdf_url as string;
    }

    it('a tampered signature, expiry or path is refused with 403', async () => {
      const url = new URL(await importedUrl());
      const badSignature = new URL(url);
      badSignature.searchParams.set('signature', 'f'.repeat(64));
      const laterExpiry = new URL(url);
      laterExpiry.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
      const otherPath = new URL(url);
      otherPath.pathname = otherPath.pathname.replace('imported.pdf', 'official.pdf');
      const noSignature = new URL(url);
      noSignature.search = '';
      for (const u of [badSignature, laterExpiry, otherPath, noSignature]) {
        const res = await fetch(u);
        assert.equal(res.status, 403, u.toString());
        assert.deepEqual(await res.json(), { error: 'URL de archivo invalida' });
      }
    });

    it('an expired URL is refused with 403', async () => {
      const url = new URL(await importedUrl());
      const key = decodeURIComponent(url.pathname.replace(/^\/files\//, ''));
      const expired = getStack().services.urls.sign(key, Date.now() - 601_000);
      const res = await fetch(expired.url);
      assert.equal(res.status, 403);
      assert.deepEqual(await res.json(), { error: 'La URL del archivo expiró' });
    });

    it('a URL for a file that does not exist is 404', async () => {
      const url = getStack().services.urls.sign(
        'tenants/demo/documents/00000000-0000-4000-8000-000000000000/official.pdf',
      );
      assert.equal((await fetch(url.url)).status, 404);
    });

    it('a draft without a PDF has no URL (404)', async () => {
      const id = await createIntegrationDraft('agente-obras');
      const res = await request(`/api/v1/documents/${id}/url`, { headers: asIntegration('agente-obras') });
      assert.deepEqual([res.status, res.body], [404, { error: 'El documento no tiene PDF' }]);
    });
  });

  describe('search', () => {
    it('pages, filters by status (pending = draft), type and text; lists only what the user may see', async () => {
      const ref = `Busqueda ${Date.now()}`;
      const a = await createIntegrationDraft('agente-obras', { reference: `${ref} A` });
      const b = await createIntegrationDraft('agente-obras', { document_type_acronym: 'DICT', reference: `${ref} B` });
      const search = (user: string, q: string) =>
        request(`/api/v1/documents/search?${q}`, { headers: asIntegration(user) });

      const all = await search('agente-obras', `search=${encodeURIComponent(ref)}`);
      assert.equal(all.status, 200);
      assert.deepEqual(all.body.documents.map((d: { document_id: string }) => d.document_id).sort(), [a, b].sort());
      assert.equal(all.body.total, 2);
      assert.deepEqual(Object.keys(all.body.documents[0]).sort(), [
        'created_at',
        'document_id',
        'document_number',
        'document_type',
        'reference',
        'status',
      ]);

      const dict = await search('agente-obras', `search=${encodeURIComponent(ref)}&document_type=DICT`);
      assert.deepEqual(
        dict.body.documents.map((d: { document_id: string }) => d.document_id),
        [b],
      );
      const pending = await search('agente-obras', `search=${encodeURIComponent(ref)}&status=pending`);
      assert.equal(pending.body.total, 2);
      const signed = await search('agente-obras', `search=${encodeURIComponent(ref)}&status=signed`);
      assert.equal(signed.body.total, 0);

      const page = await search('agente-obras', `search=${encodeURIComponent(ref)}&page=2&page_size=1`);
      assert.deepEqual(
        [page.body.page, page.body.page_size, page.body.total, page.body.documents.length],
        [2, 1, 2, 1],
      );

      const outsider = await search('directora-rentas', `search=${encodeURIComponent(ref)}`);
      assert.equal(outsider.body.total, 0, 'another sector sees nothing');
    });

    it('400 for a bad status, page or page_size', async () => {
      for (const q of ['status=nope', 'page=0', 'page_size=101', 'page_size=x', 'case_id=zzz']) {
        const res = await request(`/api/v1/documents/search?${q}`, { headers: asIntegration() });
        assert.equal(res.status, 400, q);
      }
    });
  });

  describe('search by cursor', () => {
    type Page = {
      documents: { document_id: string }[];
      page: number;
      total: number;
      total_exact?: boolean;
      next_cursor: string | null;
    };
    const search = async (user: string, q: string): Promise<Page> => {
      const res = await request(`/api/v1/documents/search?${q}`, { headers: asIntegration(user) });
      assert.equal(res.status, 200, `${q}: ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const idsOf = (page: Page) => page.documents.map((d) => d.document_id);
    /** Pages 1..n by page number and by following next_cursor from page 1. */
    async function bothWays(user: string, q: string, pages: number) {
      const byOffset: Page[] = [];
      for (let n = 1; n <= pages; n++) byOffset.push(await search(user, `${q}&page=${n}`));
      const byCursor: Page[] = [byOffset[0]!];
      while (byCursor.length < pages && byCursor.at(-1)!.next_cursor)
        byCursor.push(await search(user, `${q}&cursor=${byCursor.at(-1)!.next_cursor}`));
      return { byOffset, byCursor };
    }
    async function draftsCalled(reference: string, n: number): Promise<string[]> {
      const ids: string[] = [];
      for (let i = 0; i < n; i++)
        ids.push(await createIntegrationDraft('agente-obras', { reference: `${reference} ${i}` }));
      return ids;
    }
    async function inDemoTenant(work: (trx: import('knex').Knex.Transaction) => Promise<unknown>) {
      const { db, demoTenant } = getStack();
      const { tenantDb } = await import('../../db/tenancy.js');
      await tenantDb(db, demoTenant).transaction(work);
    }

    it('next_cursor leads through the same pages as page numbers: text walk, case documents and the whole list', async () => {
      const ref = `Cursor ${Date.now()}`;
      const created = await draftsCalled(ref, 5);
      const { case_id: caseId } = await createCase('agente-obras');
      await inDemoTenant((trx) => trx('documents').whereIn('id', created).update({ case_id: caseId }));

      for (const q of [
        `search=${encodeURIComponent(ref)}&page_size=2`,
        `case_id=${caseId}&status=pending&page_size=2`,
      ]) {
        const { byOffset, byCursor } = await bothWays('agente-obras', q, 3);
        assert.deepEqual(byCursor.map(idsOf), byOffset.map(idsOf), q);
        assert.deepEqual(
          byCursor.map((p) => [p.page, p.total, p.total_exact]),
          [
            [1, 5, true],
            [2, 5, true],
            [3, 5, true],
          ],
          q,
        );
        assert.deepEqual(byCursor.flatMap(idsOf).sort(), [...created].sort(), `${q}: every document once`);
        assert.ok(byCursor[1]!.next_cursor, 'a page with more after it has a cursor');
        assert.equal(byCursor[2]!.next_cursor, null, 'the last page has none');
      }
      const whole = await bothWays('agente-obras', 'page_size=3', 3);
      const shown = whole.byOffset.filter((p) => p.documents.length);
      assert.ok(shown.length >= 2, 'the whole list has a second page');
      assert.deepEqual(whole.byCursor.map(idsOf), shown.map(idsOf), 'the whole visible list (merged ranges)');
      assert.deepEqual(
        whole.byCursor.map((p) => [p.page, p.total]),
        shown.map((p) => [p.page, p.total]),
      );
    });

    it('documents created in the same microsecond are each listed once (ties go by id)', async () => {
      const ref = `Empate ${Date.now()}`;
      const created = await draftsCalled(ref, 5);
      await inDemoTenant((trx) =>
        trx('documents')
          .whereIn('id', created)
          .update({ created_at: trx.raw("'2024-03-01T12:00:00.123456Z'::timestamptz") }),
      );
      const { byCursor } = await bothWays('agente-obras', `search=${encodeURIComponent(ref)}&page_size=2`, 3);
      assert.deepEqual(byCursor.flatMap(idsOf), [...created].sort(), 'in id order, none repeated or lost');
      // The whole list (merged ranges), from a position just before the tie: a cursor of this
      // search moved there (a position is not secret; the list stays the user's).
      const q = 'status=pending&page_size=2';
      const real = JSON.parse(Buffer.from((await search('agente-obras', q)).next_cursor!, 'base64url').toString());
      let cursor: string | null = Buffer.from(
        JSON.stringify({ ...real, at: '2024-03-01T12:00:00.123457Z', id: '00000000-0000-0000-0000-000000000000' }),
      ).toString('base64url');
      const walked: string[] = [];
      while (cursor && walked.length < 12) {
        const page = await search('agente-obras', `${q}&cursor=${cursor}`);
        walked.push(...idsOf(page));
        cursor = page.next_cursor;
      }
      assert.deepEqual(walked.slice(0, 5), [...created].sort(), 'the tie first, in id order, each once');
      assert.equal(new Set(walked).size, walked.length, 'no document twice');
    });

    it('a cursor keeps its place when newer documents arrive (a page number shifts)', async () => {
      const ref = `Estable ${Date.now()}`;
      await draftsCalled(ref, 4);
      const q = `search=${encodeURIComponent(ref)}&page_size=2`;
      const first = await search('agente-obras', q);
      const secondBefore = await search('agente-obras', `${q}&page=2`);
      await draftsCalled(ref, 1);
      const byCursor = await search('agente-obras', `${q}&cursor=${first.next_cursor}`);
      assert.deepEqual(idsOf(byCursor), idsOf(secondBefore), 'the page after the ones seen');
      const byNumber = await search('agente-obras', `${q}&page=2`);
      assert.deepEqual(idsOf(byNumber), [idsOf(first)[1], idsOf(secondBefore)[0]], 'page 2 by number moved by one');
    });

    it('400 for a cursor that is malformed, of another search or user, or contradicted by page', async () => {
      const ref = `Ajeno ${Date.now()}`;
      await draftsCalled(ref, 3);
      const q = `search=${encodeURIComponent(ref)}&page_size=1`;
      const cursor = (await search('agente-obras', q)).next_cursor!;
      const forged = (body: unknown) => Buffer.from(JSON.stringify(body)).toString('base64url');
      const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString());
      const cases: [string, string, RegExp][] = [
        ['agente-obras', `${q}&cursor=no%20es%20un%20cursor`, /cursor no es válido/],
        ['agente-obras', `${q}&cursor=${forged({ ...decoded, at: 'ayer' })}`, /cursor no es válido/],
        ['agente-obras', `${q}&cursor=${forged({ ...decoded, id: "x' or 1=1" })}`, /cursor no es válido/],
        ['agente-obras', `${q}&cursor=${forged({ ...decoded, p: 0 })}`, /cursor no es válido/],
        ['agente-obras', `${q}&cursor=${forged([1, 2])}`, /cursor no es válido/],
        ['agente-obras', `${q}&cursor=${'A'.repeat(401)}`, /cursor no es válido/],
        ['agente-obras', `${q}&status=signed&cursor=${cursor}`, /otra búsqueda/],
        ['agente-obras', `search=${encodeURIComponent(ref)}&page_size=2&cursor=${cursor}`, /otra búsqueda/],
        ['directora-obras', `${q}&cursor=${cursor}`, /otra búsqueda/],
        ['agente-obras', `${q}&page=3&cursor=${cursor}`, /lleva a la página 2/],
      ];
      for (const [user, query, message] of cases) {
        const res = await request(`/api/v1/documents/search?${query}`, { headers: asIntegration(user) });
        assert.equal(res.status, 400, query);
        assert.match(res.body.error, message, query);
      }
      const agreeing = await search('agente-obras', `${q}&page=2&cursor=${cursor}`);
      assert.equal(agreeing.page, 2, "page may repeat the cursor's page");
    });
  });

  describe('check-signer-permissions', () => {
    it('answers can_sign with a reason', async () => {
      const yes = await request(
        `/api/v1/documents/check-signer-permissions?user_id=${demoUser('intendente')}&document_type_acronym=RESO`,
        { headers: asIntegration() },
      );
      assert.deepEqual(yes.body, {
        user_id: demoUser('intendente'),
        document_type_acronym: 'RESO',
        can_sign: true,
        reason: 'El usuario puede firmar documentos RESO',
      });
      const no = await request(
        `/api/v1/documents/check-signer-permissions?user_id=${demoUser('agente-mesa')}&document_type_acronym=RESO`,
        { headers: asIntegration() },
      );
      assert.equal(no.body.can_sign, false);
      assert.match(no.body.reason, /rol director/);
      const missing = await request('/api/v1/documents/check-signer-permissions?document_type_acronym=INF', {
        headers: asIntegration(),
      });
      assert.equal(missing.status, 400);
      const unknownType = await request(
        `/api/v1/documents/check-signer-permissions?user_id=${demoUser('intendente')}&document_type_acronym=ZZZ`,
        { headers: asIntegration() },
      );
      assert.equal(unknownType.status, 404);
    });
  });

  describe('wrong state', () => {
    it('content of a document that is not official is 409', async () => {
      const id = await createIntegrationDraft('agente-obras');
      const res = await request(`/api/v1/documents/${id}/content`, { headers: asIntegration('agente-obras') });
      assert.deepEqual([res.status, res.body], [409, { error: 'El documento no es un documento oficial firmado' }]);
    });

    it('search-official for a number that does not exist is 404', async () => {
      const res = await request('/api/v1/documents/search-official/IF-2026-99999999-MVE-DOP', {
        headers: asIntegration(),
      });
      assert.equal(res.status, 404);
    });
  });
});
