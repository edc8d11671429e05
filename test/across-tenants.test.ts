import assert from 'node:assert/strict';
import { tenantsMatching } from '../db/across-tenants.js';
import { listTenants } from '../db/control.js';
import { tenantDb, type Tenant } from '../db/tenancy.js';
import { createTenant } from '../db/tenants.js';
import { activeUserWithEmail, loadActiveUserByEmail } from '../domain/acting-user.js';
import { tenantsOfActiveUser } from '../domain/authentication.js';
import { caseFileWaker } from '../worker/case-file-waker.js';
import { chainWaker, startOutboxRelay, webhookWaker, type OutboxWaker } from '../worker/outbox-relay.js';
import { getStack } from './support/hooks.js';

describe('questions asked of every tenant at once', () => {
  const schemas = ['varios_uno', 'varios_dos', 'varios_tres'];
  const tenants: Tenant[] = [];
  const email = 'Persona.Varias@Ejemplo.gob.ar';

  before(async () => {
    const { db } = getStack();
    for (const [i, schema] of schemas.entries()) {
      const { tenant } = await createTenant(db, {
        schema,
        municipalityCode: `VAR${i}`,
        displayName: `Municipalidad ${schema}`,
        city: 'Varias',
      });
      tenants.push(tenant);
    }
    // Active in uno (another case of the same address) and tres; deactivated in dos.
    const person = (emailAs: string, active: boolean) => ({
      full_name: 'Persona Varias',
      email: emailAs,
      role: 'empleado',
      is_active: active,
    });
    await tenantDb(db, tenants[0]!).transaction((trx) => trx('users').insert(person(email.toLowerCase(), true)));
    await tenantDb(db, tenants[1]!).transaction((trx) => trx('users').insert(person(email, false)));
    await tenantDb(db, tenants[2]!).transaction((trx) => trx('users').insert(person(email.toUpperCase(), true)));
  });

  it("a user's municipalities are those where the e-mail is an active user, whatever its case, in tenant order", async () => {
    const stack = getStack();
    const found = await tenantsOfActiveUser(stack.apiDeps, email);
    assert.deepEqual(
      found.map((t) => t.schema),
      ['varios_tres', 'varios_uno'],
    );
    assert.deepEqual(found[0], tenants[2], 'the registry row as listTenants gives it');
    assert.deepEqual(await tenantsOfActiveUser(stack.apiDeps, 'nadie@ejemplo.gob.ar'), []);
  });

  it('one statement per chunk answers what one transaction per tenant answers, whatever the chunk', async () => {
    const { db } = getStack();
    const all = await listTenants(db);
    const perTenant: string[] = [];
    for (const t of all)
      if (await tenantDb(db, t).transaction((trx) => loadActiveUserByEmail(trx, email))) perTenant.push(t.schema);
    for (const chunk of [1, 2, all.length]) {
      const matched = await tenantsMatching(db, all, activeUserWithEmail, { email }, chunk);
      assert.deepEqual(
        matched.map((t) => t.schema),
        perTenant,
        `chunk ${chunk}`,
      );
    }
  });

  it('a value bound to the question stays a value: no schema is read outside its own', async () => {
    const { db } = getStack();
    const hostile = "x') or true or lower('";
    assert.deepEqual(await tenantsMatching(db, tenants, activeUserWithEmail, { email: hostile }), []);
    await assert.rejects(
      tenantsMatching(db, [{ ...tenants[0]!, schema: 'x"; drop schema control; --' }], activeUserWithEmail, { email }),
      /invalid tenant schema name/,
    );
  });

  it("the outbox relay's sweep wakes only the tenants where a waker has work, and every one of them", async () => {
    const stack = getStack();
    await tenantDb(stack.db, tenants[1]!).transaction((trx) =>
      trx('sectors').insert({ name: 'Barrido', acronym: 'SWEEP' }),
    );
    const woken: string[] = [];
    const recorder: OutboxWaker = Object.assign(
      async (db: { tenant: Tenant }) => {
        woken.push(db.tenant.schema);
      },
      {
        pending: (table: (name: string) => string) =>
          `exists (select 1 from ${table('sectors')} where acronym = 'SWEEP')`,
      },
    );
    const everywhere: OutboxWaker = async () => undefined;
    // No database URL: the relay does not listen (nor sweep by itself); the test sweeps.
    const relayWith = (wakers: OutboxWaker[]) =>
      startOutboxRelay({
        config: { ...stack.config, databaseUrl: undefined },
        db: stack.db,
        connection: stack.client.connection,
        log: stack.log,
        wakers,
      });

    const relay = relayWith([recorder]);
    try {
      assert.equal(await relay.sweep(), 1);
      assert.deepEqual(woken, ['varios_dos']);
    } finally {
      await relay.close();
    }

    // A waker that cannot say when it has work is woken in every tenant, as before.
    woken.length = 0;
    const broad = relayWith([recorder, everywhere]);
    try {
      const all = (await listTenants(stack.db)).map((t) => t.schema);
      assert.equal(await broad.sweep(), all.length);
      assert.deepEqual([...woken].sort(), [...all].sort());
    } finally {
      await broad.close();
    }
  });

  it("the platform's own wakers all say when they have work, so its sweeps are narrowed", () => {
    const { config } = getStack();
    for (const waker of [chainWaker, webhookWaker(config), caseFileWaker(config)])
      assert.equal(typeof waker.pending, 'function');
  });
});
