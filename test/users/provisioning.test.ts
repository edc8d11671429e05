/**
 * User provisioning end to end: the workflow creates the identity account and the ticket, the
 * activation email reaches the SMTP catcher, the link sets the password, the user logs in and
 * the first backend call links the identity and completes the workflow. Plus the social-login,
 * expiry and resend paths.
 */
import assert from 'node:assert/strict';
import { tenantDb } from '../../db/tenancy.js';
import { Auth0ManagementProvider } from '../../activities/identity/index.js';
import { getStack } from '../support/hooks.js';
import { asBackend, demoSector, request } from '../support/http.js';
import { ensureAccount, userToken } from '../support/identity.js';
import { Browser } from '../identity/support/browser.js';
import { TEST_OIDC } from '../identity/support/provider.js';
import { until } from '../support/until.js';
import { newUser } from '../support/users.js';

const admin = asBackend('intendente');

async function createUser(email: string, extra: Record<string, unknown> = {}, baseUrl?: string) {
  return request('/api/v1/users', {
    method: 'POST',
    headers: admin,
    ...(baseUrl ? { baseUrl } : {}),
    json: { email, full_name: 'Paula Ríos', role: 'empleado', sector_id: demoSector('RENT'), ...extra },
  });
}

async function mailsTo(address: string) {
  return (await getStack().mail.messages()).filter((m) => m.to.some((t) => t.address === address));
}

const linkIn = (text: string) => /(https?:\/\/\S+)/.exec(text)![1]!;

function management() {
  const { idp } = getStack();
  return new Auth0ManagementProvider({
    baseUrl: idp.url,
    clientId: TEST_OIDC.m2mClientId,
    clientSecret: TEST_OIDC.m2mClientSecret,
    frontendClientId: TEST_OIDC.frontendClientId,
  });
}

describe('user provisioning', function () {
  this.timeout(90_000);

  it('invites by email, the link sets the password, the first login links the identity and completes the run', async () => {
    const email = `paula.rios.${Date.now()}@pruebas.example`;
    const created = await createUser(email, {
      additional_sectors: [{ sector_id: demoSector('MESA'), can_edit: false }],
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.data.provisioning_status, 'invited');
    const userId = created.body.data.user_id as string;

    const [mail] = await until('the activation email', async () =>
      (await mailsTo(email)).length ? mailsTo(email) : undefined,
    );
    assert.match(mail!.subject, /Municipalidad de Villa Esperanza: active su cuenta/);
    assert.match(mail!.text, /Paula Ríos/);
    const link = linkIn(mail!.text);

    const browser = new Browser();
    const form = await browser.navigate(link);
    assert.equal(form.status, 200);
    const done = await browser.submit(form, 'set-password', {
      password: 'Mi-Clave-Nueva-9',
      password_confirmation: 'Mi-Clave-Nueva-9',
    });
    assert.equal(done.status, 200);

    const before = await request(`/api/v1/users/${userId}/provisioning`, { headers: admin });
    assert.equal(before.body.data.status, 'invited');
    const token = await userToken(email, 'Mi-Clave-Nueva-9');
    const first = await request('/api/v1/auth/me', {
      headers: { 'X-Tenant-Schema': 'demo', Authorization: `Bearer ${token}` },
    });
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.data.user_id, userId);
    assert.deepEqual(
      first.body.data.permissions.map((p: { acronym: string }) => p.acronym),
      ['RENT', 'MESA'],
    );

    const status = await until('the run to complete', async () => {
      const s = await request(`/api/v1/users/${userId}/provisioning`, { headers: admin });
      return s.body.data.status === 'active' ? s.body.data : undefined;
    });
    assert.equal(status.authId, first.body.data.auth_id);
    // The run shows the user active as soon as the identity is linked; it completes once the
    // personal signing certificate issued beside the invitation is enrolled too.
    const handle = getStack().client.workflow.getHandle(`user-provisioning/demo/${email}`);
    await handle.result();
    assert.equal((await handle.describe()).status.name, 'COMPLETED');
    const row = await tenantDb(getStack().db, getStack().demoTenant).transaction((trx) =>
      trx('users').where({ id: userId }).first(),
    );
    assert.equal(row.invitation_status, 'accepted');
    const account = (await management().findUsersByEmail(email))[0]!;
    assert.equal(account.invitation, 'accepted');
  });

  it('an email with a social-login account is linked to it: no password user, no email', async () => {
    const email = `social.${Date.now()}@pruebas.example`;
    await ensureAccount(email, '', 'google-oauth2');
    const created = await createUser(email);
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.data.provisioning_status, 'linked_social');
    const accounts = await management().findUsersByEmail(email);
    assert.deepEqual(
      accounts.map((a) => a.kind),
      ['social'],
      'no password account was created',
    );
    const row = await tenantDb(getStack().db, getStack().demoTenant).transaction((trx) =>
      trx('users').where({ email }).first(),
    );
    assert.equal(row.auth_id, accounts[0]!.userId);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal((await mailsTo(email)).length, 0);
  });

  it('a ticket nobody uses expires: the invitation is marked expired', async () => {
    const api = await getStack().extraApi({ INVITATION_TTL_SECONDS: '2' });
    try {
      const email = `expira.${Date.now()}@pruebas.example`;
      const created = await createUser(email, {}, api.url);
      assert.equal(created.status, 201, created.text);
      const userId = created.body.data.user_id;
      const status = await until('the expiry', async () => {
        const s = await request(`/api/v1/users/${userId}/provisioning`, { headers: admin });
        return s.body.data.status === 'expired' ? s.body.data : undefined;
      });
      assert.equal(status.ticketsIssued, 1);
      const row = await tenantDb(getStack().db, getStack().demoTenant).transaction((trx) =>
        trx('users').where({ id: userId }).first(),
      );
      assert.equal(row.invitation_status, 'expired');
      assert.equal(row.auth_id, null);
      assert.equal((await management().findUsersByEmail(email))[0]!.invitation, 'expired');
      const link = linkIn((await mailsTo(email))[0]!.text);
      const page = await new Browser().navigate(link);
      assert.doesNotMatch(page.html, /data-form="set-password"/, 'the expired link no longer sets a password');

      // Resending after expiry starts again with a fresh ticket.
      const resent = await request(`/api/v1/users/${userId}/resend-invitation`, { method: 'POST', headers: admin });
      assert.equal(resent.status, 202);
      await until('the second email', async () => ((await mailsTo(email)).length === 2 ? true : undefined));
    } finally {
      await api.close();
    }
  });

  it('resend issues a second ticket and email while the invitation is open', async () => {
    const email = `reenvio.${Date.now()}@pruebas.example`;
    const created = await createUser(email);
    const userId = created.body.data.user_id;
    await until('the first email', async () => ((await mailsTo(email)).length === 1 ? true : undefined));
    const resent = await request(`/api/v1/users/${userId}/resend-invitation`, { method: 'POST', headers: admin });
    assert.equal(resent.status, 202, resent.text);
    const mails = await until('the second email', async () => {
      const m = await mailsTo(email);
      return m.length === 2 ? m : undefined;
    });
    assert.notEqual(linkIn(mails[0]!.text), linkIn(mails[1]!.text));
    const status = await request(`/api/v1/users/${userId}/provisioning`, { headers: admin });
    assert.equal(status.body.data.ticketsIssued, 2);
    assert.equal(status.body.data.status, 'invited');
  });

  it('refuses non-administrators (403), taken emails (409), bad input (400), unknown sectors (404), and resends to active users (409)', async () => {
    const notAdmin = await request('/api/v1/users', {
      method: 'POST',
      headers: asBackend('directora-obras'),
      json: { email: 'x@pruebas.example', full_name: 'X', role: 'empleado', sector_id: demoSector('DOP') },
    });
    assert.equal(notAdmin.status, 403);
    assert.equal((await createUser('lucia.fernandez@villaesperanza.gob.ar')).status, 409);
    assert.equal((await createUser('no-es-un-email')).status, 400);
    assert.equal((await createUser(`x.${Date.now()}@pruebas.example`, { role: 'jefe' })).status, 400);
    assert.equal(
      (await createUser(`x.${Date.now()}@pruebas.example`, { sector_id: '00000000-0000-4000-8000-000000000000' }))
        .status,
      404,
    );
    // A user of its own who already activated the account: a seeded one keeps its identity for later suites.
    const activated = await newUser({ authId: `auth0|ya-activo-${Date.now()}` });
    const active = await request(`/api/v1/users/${activated.id}/resend-invitation`, {
      method: 'POST',
      headers: admin,
    });
    assert.equal(active.status, 409, active.text);
  });
});
