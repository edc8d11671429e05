/** Database steps of user provisioning: the invited user's row and the invitation's state. */
import { userCreatedEvent, userUpdatedEvent } from '../audit/user-events.js';
import { emitEvents } from '../webhooks/outbox.js';
import type { TenantDb } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import type { DomainContext } from '../context.js';
import { badRequest, conflict, notFound } from '../errors.js';

export type InvitationStatus = 'pending' | 'accepted' | 'expired';

export interface SectorGrant {
  sectorId: string;
  canView: boolean;
  canEdit: boolean;
  isPrimary: boolean;
}

export interface NewUser {
  email: string;
  fullName: string;
  role: 'director' | 'empleado';
  cuit?: string | null;
  sectors: SectorGrant[];
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks a request before a provisioning workflow starts: email free in the tenant, sectors real. */
export async function checkNewUser(ctx: DomainContext, user: NewUser): Promise<void> {
  if (!EMAIL_PATTERN.test(user.email)) throw badRequest('email invalido');
  if (!user.sectors.some((s) => s.isPrimary)) throw badRequest('sector_id es requerido');
  await ctx.db.transaction(async (trx) => {
    const existing = await trx('users').whereRaw('lower(email) = lower(?)', [user.email]).first('id');
    if (existing) throw conflict('El email ya pertenece a un usuario del municipio');
    const ids = user.sectors.map((s) => s.sectorId);
    if (!ids.every(isUuid)) throw badRequest('sector_id debe ser un UUID');
    const found = await trx('sectors').whereIn('id', ids).andWhere('is_active', true).pluck('id');
    const missing = ids.find((id) => !found.includes(id));
    if (missing) throw notFound(`Sector no encontrado: ${missing}`);
  });
}

/**
 * The user's row and sector permissions; once per email (a repeat returns the same user).
 * `authId` is set when the email already belongs to a social-login account.
 */
export async function saveInvitedUser(
  ctx: DomainContext,
  user: NewUser,
  options: { authId: string | null; invitation: InvitationStatus | null },
): Promise<string> {
  return ctx.db.transaction(async (trx) => {
    const existing = await trx('users')
      .whereRaw('lower(email) = lower(?)', [user.email])
      .first<{ id: string } | undefined>('id');
    if (existing) return existing.id;
    const [row] = await trx('users')
      .insert({
        email: user.email.toLowerCase(),
        full_name: user.fullName,
        role: user.role,
        cuit: user.cuit ?? null,
        auth_id: options.authId,
        invitation_status: options.invitation,
      })
      .returning<{ id: string }[]>('id');
    await trx('user_sector_permissions').insert(
      user.sectors.map((s) => ({
        user_id: row!.id,
        sector_id: s.sectorId,
        can_view: s.canView,
        can_edit: s.canEdit,
        is_primary: s.isPrimary,
      })),
    );
    await emitEvents(trx, userCreatedEvent(row!.id, ctx.user?.id ?? null));
    return row!.id;
  });
}

/** Records the invitation's outcome; an invitation already accepted stays accepted. */
export async function setInvitationStatus(db: TenantDb, email: string, status: InvitationStatus): Promise<void> {
  await db.transaction(async (trx) => {
    const updated = await trx('users')
      .whereRaw('lower(email) = lower(?)', [email])
      .andWhere((w) => w.whereNull('invitation_status').orWhereNot('invitation_status', 'accepted'))
      // A retried step changes nothing, so the audit trail gets one entry per change.
      .andWhereRaw('invitation_status is distinct from ?', [status])
      .update({ invitation_status: status, updated_at: trx.fn.now() })
      .returning<{ id: string }[]>('id');
    await emitEvents(trx, ...updated.map((u) => userUpdatedEvent(u.id, ['invitation_status'], null)));
  });
}

export interface UserForInvitation extends NewUser {
  id: string;
  authId: string | null;
  invitationStatus: InvitationStatus | null;
}

/** A user as provisioning sees it (to resend an invitation with the same data). */
export async function userForInvitation(ctx: DomainContext, userId: string): Promise<UserForInvitation> {
  if (!isUuid(userId)) throw notFound('Usuario no encontrado');
  return ctx.db.transaction(async (trx) => {
    const row = await trx('users').where({ id: userId }).first<
      | {
          id: string;
          email: string;
          full_name: string;
          role: 'director' | 'empleado';
          cuit: string | null;
          auth_id: string | null;
          invitation_status: InvitationStatus | null;
        }
      | undefined
    >();
    if (!row) throw notFound('Usuario no encontrado');
    const sectors = await trx('user_sector_permissions')
      .where({ user_id: userId })
      .select<{ sector_id: string; can_view: boolean; can_edit: boolean; is_primary: boolean }[]>();
    return {
      id: row.id,
      email: row.email,
      fullName: row.full_name,
      role: row.role,
      cuit: row.cuit,
      authId: row.auth_id,
      invitationStatus: row.invitation_status,
      sectors: sectors.map((s) => ({
        sectorId: s.sector_id,
        canView: s.can_view,
        canEdit: s.can_edit,
        isPrimary: s.is_primary,
      })),
    };
  });
}
