/**
 * Activities of UserProvisioningWorkflow: the identity provider's accounts and tickets, the
 * activation email, and our user row. Each is safe to repeat: an existing account or row is
 * found instead of created twice.
 */
import { ApplicationFailure } from '@temporalio/common';
import {
  setInvitationStatus,
  saveInvitedUser,
  type InvitationStatus,
  type NewUser,
} from '../domain/users/provisioning.js';
import { asUser, requireTenant, type ActivityDeps } from './deps.js';
import { IdentityProviderError, IdentityUserExistsError } from './identity/index.js';
import { tenantDb } from '../db/tenancy.js';
import { escapeHtml } from '../lib/html.js';
import { formatMunicipalTime } from '../domain/calendar.js';

export interface IdentityLookup {
  passwordUserId: string | null;
  social: { userId: string; provider: string } | null;
}

/** A 4xx from the identity provider will not change by retrying. */
async function identityCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof IdentityProviderError && !(err instanceof IdentityUserExistsError)) {
      throw ApplicationFailure.create({
        type: err.name,
        message: err.message,
        details: [{ status: err.status, code: err.errorCode }],
        nonRetryable: true,
      });
    }
    throw err;
  }
}

export function createProvisioningActivities(deps: ActivityDeps) {
  const { identity, mailer } = deps;
  return {
    async findIdentityAccounts(input: { email: string }): Promise<IdentityLookup> {
      const accounts = await identityCall(() => identity.findUsersByEmail(input.email));
      const social = accounts.find((a) => a.kind === 'social');
      const password = accounts.find((a) => a.kind === 'password');
      return {
        passwordUserId: password?.userId ?? null,
        social: social ? { userId: social.userId, provider: social.provider } : null,
      };
    },

    /** The password account, created with a random password nobody knows; an existing one is reused. */
    async createPasswordAccount(input: { email: string; fullName: string; tenant: string }): Promise<string> {
      try {
        const account = await identityCall(() =>
          identity.createPasswordUser({
            email: input.email,
            name: input.fullName,
            appMetadata: { tenant: input.tenant },
          }),
        );
        return account.userId;
      } catch (err) {
        if (!(err instanceof IdentityUserExistsError)) throw err;
        const existing = (await identity.findUsersByEmail(input.email)).find((a) => a.kind === 'password');
        if (!existing) throw err;
        return existing.userId;
      }
    },

    async createActivationTicket(input: {
      identityUserId: string;
      ttlSeconds: number;
    }): Promise<{ url: string; expiresAt: string }> {
      // Bound to the front-end client (no result_url: the identity provider accepts one or the other).
      const ticket = await identityCall(() =>
        identity.createPasswordChangeTicket({ userId: input.identityUserId, ttlSec: input.ttlSeconds }),
      );
      return { url: ticket.url, expiresAt: ticket.expiresAt.toISOString() };
    },

    async sendActivationEmail(input: {
      tenant: string;
      to: string;
      fullName: string;
      link: string;
      expiresAt: string;
      sequence: number;
    }): Promise<string> {
      const tenant = await requireTenant(deps, input.tenant);
      const until = formatMunicipalTime(input.expiresAt, deps.config.timeZone, {
        dateStyle: 'long',
        timeStyle: 'short',
      });
      const subject = `${tenant.displayName}: active su cuenta de Expediente`;
      const text = `Hola ${input.fullName}:\n\n${tenant.displayName} le creó una cuenta en Expediente. Para activarla, elija su contraseña en este enlace:\n\n${input.link}\n\nEl enlace vence el ${until}.\n`;
      const html = `<p>Hola ${escapeHtml(input.fullName)}:</p><p>${escapeHtml(tenant.displayName)} le creó una cuenta en Expediente. Para activarla, elija su contraseña:</p><p><a href="${escapeHtml(input.link)}">Activar mi cuenta</a></p><p>El enlace vence el ${escapeHtml(until)}.</p>`;
      return mailer.send({ to: input.to, subject, text, html });
    },

    async saveInvitedUser(input: {
      tenant: string;
      requestedBy: string;
      user: NewUser;
      authId: string | null;
      invitation: InvitationStatus | null;
    }): Promise<string> {
      return asUser(deps, input.tenant, input.requestedBy, (ctx) =>
        saveInvitedUser(ctx, input.user, { authId: input.authId, invitation: input.invitation }),
      );
    },

    async recordInvitationStatus(input: {
      tenant: string;
      email: string;
      identityUserId: string | null;
      status: InvitationStatus;
    }): Promise<void> {
      await setInvitationStatus(tenantDb(deps.db, await requireTenant(deps, input.tenant)), input.email, input.status);
      if (input.identityUserId)
        await identityCall(() => identity.setInvitationStatus(input.identityUserId!, input.status));
    },
  };
}
