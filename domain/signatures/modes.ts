/**
 * Who signs with what: the municipality seal (the tenant's certificate, always used for the
 * documents the platform signs itself) or a personal certificate held by the remote signing
 * service. The municipality sets a default; a user may be set apart from it.
 */
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import { requireAdministrator, type UserContext } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { currentCredential } from './credentials.js';
import { SIGNATURE_MESSAGES } from './messages.js';

export const SIGNATURE_MODES = ['seal', 'personal'] as const;
export type SignatureMode = (typeof SIGNATURE_MODES)[number];

const isMode = (value: unknown): value is SignatureMode => SIGNATURE_MODES.includes(value as SignatureMode);

/** The mode a user signs with now: their own setting, else the municipality's default. */
export async function signatureModeOf(trx: Tx, userId: string): Promise<SignatureMode> {
  const row = await trx('users as u')
    .crossJoin(trx.raw('signature_settings as st'))
    .where('u.id', userId)
    .first<{ mode: SignatureMode } | undefined>(trx.raw('coalesce(u.signature_mode, st.default_mode) as mode'));
  return row?.mode ?? 'seal';
}

export interface PersonalSigningOf {
  mode: SignatureMode;
  /** How the user authorises a personal signature (their credential's method; e-mail until one is known). */
  method: 'otp-email' | 'totp';
}

/** How the acting user signs now. */
export async function personalSigningOf(ctx: UserContext): Promise<PersonalSigningOf> {
  const userId = ctx.user.id;
  return ctx.db.transaction(async (trx) => {
    const mode = await signatureModeOf(trx, userId);
    const credential = await currentCredential(trx, userId);
    return { mode, method: credential?.otpMethod ?? 'otp-email' };
  });
}

export interface SignatureSettings {
  defaultMode: SignatureMode;
  /** Users set apart from the default. */
  users: { userId: string; fullName: string; mode: SignatureMode }[];
}

function requireAdmin(ctx: UserContext) {
  return requireAdministrator(ctx.user, 'cambiar el modo de firma');
}

export async function signatureSettings(ctx: UserContext): Promise<SignatureSettings> {
  requireAdmin(ctx);
  return ctx.db.transaction(async (trx) => {
    const settings = await trx('signature_settings').first<{ default_mode: SignatureMode }>('default_mode');
    const users = await trx('users')
      .whereNotNull('signature_mode')
      .orderBy('full_name')
      .select<{ user_id: string; full_name: string; signature_mode: SignatureMode }[]>(
        'id as user_id',
        'full_name',
        'signature_mode',
      );
    return {
      defaultMode: settings?.default_mode ?? 'seal',
      users: users.map((u) => ({ userId: u.user_id, fullName: u.full_name, mode: u.signature_mode })),
    };
  });
}

export async function setDefaultSignatureMode(ctx: UserContext, mode: unknown): Promise<SignatureSettings> {
  const admin = requireAdmin(ctx);
  if (!isMode(mode)) throw badRequest(SIGNATURE_MESSAGES.invalidMode);
  await ctx.db.transaction((trx) =>
    trx('signature_settings').update({ default_mode: mode, updated_by: admin.id, updated_at: trx.fn.now() }),
  );
  return signatureSettings(ctx);
}

/** `mode` null puts the user back on the municipality's default. */
export async function setUserSignatureMode(
  ctx: UserContext,
  userId: string,
  mode: unknown,
): Promise<{ userId: string; mode: SignatureMode | null; effective: SignatureMode }> {
  requireAdmin(ctx);
  if (mode !== null && !isMode(mode)) throw badRequest(SIGNATURE_MESSAGES.invalidMode);
  if (!isUuid(userId)) throw notFound(SIGNATURE_MESSAGES.userNotFound);
  return ctx.db.transaction(async (trx) => {
    const updated = await trx('users').where({ id: userId }).update({ signature_mode: mode, updated_at: trx.fn.now() });
    if (!updated) throw notFound(SIGNATURE_MESSAGES.userNotFound);
    return { userId, mode, effective: await signatureModeOf(trx, userId) };
  });
}
