/**
 * A case's document links, which the desk shows among its movements: each linked document with
 * who linked it and when, under the document visibility rule — a memo linked to the case shows
 * to its parties and to nobody else who sees the case.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createCase } from '../support/cases.js';
import { sendMemo } from '../support/communications.js';
import { asBackend, asIntegration, request } from '../support/http.js';

describe("privacy: a case's document links follow the document rules", function () {
  this.timeout(120_000);

  it("the cover and a linked memo for the memo's parties; the cover only for a viewer outside the memo", async () => {
    const tag = randomUUID().slice(0, 8);
    const memo = await sendMemo('agente-obras', { to: ['agente-mesa'] }, { reference: `Memo vinculado ${tag}` });
    const c = await createCase('agente-obras', { reference: `Expediente con vínculos ${tag}` });
    const linked = await request(`/api/v1/cases/${c.case_id}/documents/link`, {
      method: 'POST',
      headers: asIntegration('agente-obras'),
      json: { official_document_id: memo.id },
    });
    assert.equal(linked.status, 200, linked.text);

    const links = async (user: string) => {
      const res = await request(`/api/v1/cases/${c.case_id}`, { headers: asBackend(user) });
      assert.equal(res.status, 200, res.text);
      return res.body.data.document_links as {
        document_id: string;
        document_type: string;
        reference: string;
        linked_by: string | null;
        linked_at: string;
      }[];
    };
    const sender = await links('agente-obras');
    assert.deepEqual(
      sender.map((l) => l.document_type),
      ['MEMO', 'CAEX'],
      'newest first',
    );
    assert.equal(sender[0]!.linked_by, 'Jorge Peña');
    assert.ok(Date.parse(sender[0]!.linked_at) >= Date.parse(sender[1]!.linked_at));
    const outsider = await links('directora-obras');
    assert.deepEqual(
      outsider.map((l) => l.document_type),
      ['CAEX'],
      'a viewer of the case outside the memo does not see it linked',
    );
    assert.ok(!JSON.stringify(outsider).includes(`Memo vinculado ${tag}`), 'nor its reference');
  });
});
