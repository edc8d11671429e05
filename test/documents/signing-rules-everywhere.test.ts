/**
 * One signing rule, every interface: the numerator's turn and a rejection's reason are decided by
 * rules/signing.ts, and the integration API, the backend (the desk's pending list reads its
 * user-documents rows), MCP, the dashboard's count and the pending list all follow the same input.
 */
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SIGNING_REFUSALS } from '../../rules/signing-refusals.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { asBackend, asIntegration, demoUser, request } from '../support/http.js';
import { LUCIA, LUCIA_KEY } from '../mcp/fixtures.js';
import { clientWithToken, mcpToken } from '../mcp/support.js';

type Json = Record<string, any>;
const COMMONS = ['jefa-mesa', 'intendente'];
const NUMERATOR = LUCIA_KEY;

describe('signing rules: every interface follows one rule', function () {
  this.timeout(180_000);
  let mcp: Client;

  before(async () => {
    mcp = await clientWithToken(await mcpToken(LUCIA));
  });
  after(() => mcp?.close());

  async function sentToSign(): Promise<string> {
    const id = await prepareIntegrationDraft('agente-obras', [...COMMONS, NUMERATOR], {
      reference: `Reglas de firma ${Date.now()}`,
    });
    const started = await request(`/api/v1/documents/${id}/start-signing`, {
      method: 'POST',
      headers: asIntegration('agente-obras'),
    });
    assert.equal(started.status, 200, started.text);
    return id;
  }

  /** What each interface tells the numerator about `id` and the dashboard's figure. */
  async function numeratorSees(id: string) {
    const has = (docs: Json[]) => docs.some((d) => d.document_id === id);
    const rest = await request('/api/v1/documents/pending-signatures', { headers: asIntegration(NUMERATOR) });
    const tool = await mcp.callTool({ name: 'get_pending_signatures', arguments: {} });
    const stats = await request('/api/v1/dashboard/stats', { headers: asBackend(NUMERATOR) });
    const details = await request(`/api/v1/documents/${id}/details`, { headers: asBackend(NUMERATOR) });
    const mine = await request(`/api/v1/users/${demoUser(NUMERATOR)}/documents?status=sent_to_sign&page_size=100`, {
      headers: asBackend(NUMERATOR),
    });
    for (const res of [rest, stats, details, mine]) assert.equal(res.status, 200, res.text);
    assert.ok(!tool.isError, JSON.stringify(tool.content));
    const row = (mine.body.data.documents as Json[]).find((d) => d.document_id === id);
    assert.ok(row, 'the numerator lists the document among theirs');
    return {
      restPending: has(rest.body.documents),
      mcpPending: has((tool.structuredContent as Json).documents),
      dashboardCount: stats.body.data.pending_signatures as number,
      detailsCanSign: details.body.data.signing.current_user.can_sign_now as boolean,
      rowCanSign: row.can_sign_now as boolean,
    };
  }

  it("the numerator's turn: absent everywhere until the common signers have signed, then present everywhere", async () => {
    const id = await sentToSign();
    const before = await numeratorSees(id);
    assert.deepEqual(
      { ...before, dashboardCount: undefined },
      { restPending: false, mcpPending: false, dashboardCount: undefined, detailsCanSign: false, rowCanSign: false },
    );
    const early = await request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers: asIntegration(NUMERATOR) });
    assert.deepEqual([early.status, early.body], [409, { error: SIGNING_REFUSALS.notSignable }]);

    for (const key of COMMONS) {
      const signed = await request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers: asIntegration(key) });
      assert.equal(signed.status, 200, signed.text);
    }
    const after = await numeratorSees(id);
    assert.deepEqual(
      after,
      {
        restPending: true,
        mcpPending: true,
        dashboardCount: before.dashboardCount + 1,
        detailsCanSign: true,
        rowCanSign: true,
      },
      'every interface flips with the last common signature',
    );
  });

  it('a rejection needs a reason: a blank one is the same 400 on the integration API, the backend and MCP', async () => {
    const id = await sentToSign();
    const message = SIGNING_REFUSALS.reasonRequired;
    for (const reason of [undefined, '', '   ']) {
      const json = reason === undefined ? {} : { reason };
      const rest = await request(`/api/v1/documents/${id}/reject`, {
        method: 'POST',
        headers: asIntegration(COMMONS[0]),
        json,
      });
      assert.deepEqual([rest.status, rest.body], [400, { error: message }], `integration ${JSON.stringify(json)}`);
      const backend = await request(`/api/v1/documents/${id}/reject`, {
        method: 'POST',
        headers: asBackend(COMMONS[0]),
        json,
      });
      assert.equal(backend.status, 400, `backend ${JSON.stringify(json)}`);
      assert.equal(backend.body.message, message);
      const tool = await mcp.callTool({ name: 'reject_document', arguments: { document_id: id, ...json } });
      assert.equal(tool.isError, true, `MCP ${JSON.stringify(json)}`);
      assert.deepEqual(
        [(tool.structuredContent as Json).status, (tool.structuredContent as Json).error],
        [400, message],
      );
    }
    const details = await request(`/api/v1/documents/${id}/details`, { headers: asBackend(COMMONS[0]) });
    assert.equal(details.body.data.status ?? details.body.data.document?.status, 'sent_to_sign', 'still in signing');
  });
});
