/**
 * Activities around users' personal signing credentials: enrolment when a user is provisioned
 * (development provider; a real provider enrols out of band and is only looked up), and
 * revocation when a user is deactivated.
 */
import type { CredentialRevocationInput } from '../contract/signing-credentials.js';
import { asUser, type ActivityDeps } from './deps.js';
import { ensureCredential, revokeCredentials } from './personal-signing.js';

export function createSigningCredentialActivities(deps: ActivityDeps) {
  return {
    /** Finds or issues the credential of `userId`; the one already recorded is kept. */
    async enrolSigningCredential(input: { tenant: string; requestedBy: string; userId: string }): Promise<void> {
      await asUser(deps, input.tenant, input.requestedBy, async (ctx) => {
        const user = await ctx.db.transaction((trx) =>
          trx('users')
            .where({ id: input.userId })
            .first<{ id: string; full_name: string; email: string }>('id', 'full_name', 'email'),
        );
        if (!user) return;
        await ensureCredential(ctx, deps.remoteSigning, { id: user.id, fullName: user.full_name, email: user.email });
      });
    },

    async revokeSigningCredentials(input: CredentialRevocationInput): Promise<void> {
      await asUser(deps, input.tenant, input.requestedBy, (ctx) =>
        revokeCredentials(ctx, deps.remoteSigning, input.userId),
      );
    },
  };
}
