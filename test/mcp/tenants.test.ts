/** The token's user and its municipalities: list_my_tenants, tenant_id, multi_tenant_selection_required, Usuario no encontrado. */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { tenantDb } from '../../db/tenancy.js';
import { createTenant } from '../../db/tenants.js';
import { getStack } from '../support/hooks.js';
import { newUser } from '../support/users.js';
import { clientWithToken, mcpToken } from './support.js';

type Json = Record<string, any>;
describe('MCP tenants of the token user', function () {
  this.timeout(120_000);
  let julia: Client;
  /** A person of their own in two municipalities: the seeded users stay in one, as other suites expect. */
  let email: string;

  before(async () => {
    const person = await newUser({ fullName: 'Julia Dos Municipios' });
    email = person.email;
    const { tenant: second } = await createTenant(getStack().db, {
      schema: 'mcp_second',
      municipalityCode: 'MCS',
      displayName: 'Municipalidad Segunda',
      city: 'Segunda',
    });
    await tenantDb(getStack().db, second).transaction((trx) =>
      trx('users').insert({ id: randomUUID(), full_name: person.fullName, email, role: 'empleado' }),
    );
    julia = await clientWithToken(await mcpToken(email));
  });
  after(async () => {
    await julia?.close();
  });

  it('lists the municipalities of a user of two tenants', async () => {
    const result = await julia.callTool({ name: 'list_my_tenants', arguments: {} });
    const tenants = (result.structuredContent as Json).tenants as Json[];
    assert.deepEqual(
      tenants.map((t) => t.tenant_id),
      ['demo', 'mcp_second'],
    );
    assert.equal(tenants[1]!.name, 'Municipalidad Segunda');
  });

  it('asks a user of several tenants to choose one, and acts in the one named', async () => {
    const unnamed = await julia.callTool({ name: 'search_cases', arguments: {} });
    assert.equal(unnamed.isError, true);
    assert.equal((unnamed.structuredContent as Json).error, 'multi_tenant_selection_required');

    const second = await julia.callTool({ name: 'get_user_info', arguments: { tenant_id: 'mcp_second' } });
    assert.ok(!second.isError, JSON.stringify(second.content));
    assert.equal((second.structuredContent as Json).email, email);
    const demo = await julia.callTool({ name: 'search_cases', arguments: { tenant_id: 'demo' } });
    assert.ok(!demo.isError, JSON.stringify(demo.content));
    const guide = await julia.callTool({ name: 'get_agent_guide', arguments: {} });
    assert.ok(!guide.isError, 'tools that need no tenant answer without one');
  });

  it('answers Usuario no encontrado for a tenant the user is not in, or a user of no tenant', async () => {
    const other = await julia.callTool({ name: 'search_cases', arguments: { tenant_id: 'tenant_inexistente' } });
    assert.equal((other.structuredContent as Json).error, 'Usuario no encontrado');
    const stranger = await clientWithToken(await mcpToken('nadie@otro-municipio.example'));
    try {
      const result = await stranger.callTool({ name: 'search_cases', arguments: {} });
      assert.equal(result.isError, true);
      assert.equal((result.structuredContent as Json).error, 'Usuario no encontrado');
      assert.deepEqual((await stranger.callTool({ name: 'list_my_tenants', arguments: {} })).structuredContent, {
        tenants: [],
        total: 0,
      });
    } finally {
      await stranger.close();
    }
  });
});
