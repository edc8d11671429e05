/**
 * Deactivating a user (administrators): they can no longer act or sign; what they signed stays
 * valid. Their personal signing credential is revoked afterwards by CredentialRevocationWorkflow.
 */
import { userChangeEvents } from '../audit/user-events.js';
import { isUuid } from '../acting-user.js';
import { requireAdministrator, type UserContext } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { emitEvents } from '../webhooks/outbox.js';

export const DEACTIVATION_MESSAGES = {
  notFound: 'Usuario no encontrado',
  self: 'No puede darse de baja a sí mismo',
} as const;

export interface Deactivation {
  userId: string;
  email: string;
  deactivatedAt: string;
  /** The user was already inactive: nothing changed. */
  alreadyInactive: boolean;
}

export async function deactivateUser(ctx: UserContext, userId: string): Promise<Deactivation> {
  const admin = requireAdministrator(ctx.user, 'dar de baja usuarios');
  if (!isUuid(userId)) throw notFound(DEACTIVATION_MESSAGES.notFound);
  if (admin.id === userId) throw badRequest(DEACTIVATION_MESSAGES.self);
  return ctx.db.transaction(async (trx) => {
    const row = await trx('users')
      .where({ id: userId })
      .forUpdate()
      .first<{ email: string; is_active: boolean; deactivated_at: Date | null } | undefined>(
        'email',
        'is_active',
        'deactivated_at',
      );
    if (!row) throw notFound(DEACTIVATION_MESSAGES.notFound);
    const { email } = row;
    if (!row.is_active)
      return { userId, email, deactivatedAt: (row.deactivated_at ?? new Date()).toISOString(), alreadyInactive: true };
    const [updated] = await trx('users')
      .where({ id: userId })
      .update({ is_active: false, deactivated_at: trx.fn.now(), updated_at: trx.fn.now() })
      .returning<{ deactivated_at: Date }[]>('deactivated_at');
    await emitEvents(trx, ...userChangeEvents(userId, { is_active: true }, { is_active: false }, admin.id));
    return { userId, email, deactivatedAt: updated!.deactivated_at.toISOString(), alreadyInactive: false };
  });
}
