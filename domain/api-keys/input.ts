/**
 * Validation shared by the CLI and the backend routes, so both refuse the same input with the
 * same 400 before anything is written.
 */
import type { ApiKeyConfig } from '../../config/index.js';
import { isUuid } from '../acting-user.js';
import { badRequest } from '../errors.js';

export const API_KEY_NAME_MAX = 100;
/** Longest rotation overlap anyone may ask for: a month is ample to redeploy every caller. */
export const MAX_OVERLAP_HOURS = 720;
/** More user ids than any municipality's integration plausibly needs; bounds the insert. */
export const MAX_LISTED_USERS = 1000;

export interface CreateApiKeyInput {
  name: unknown;
  expiresInDays?: unknown;
  userIds?: unknown;
  allUsers?: unknown;
  systemRead?: unknown;
}

export interface ValidCreateInput {
  name: string;
  expiresInDays: number;
  /** Empty when `allUsers`. */
  userIds: string[];
  allUsers: boolean;
  /** May read without X-User-ID (the routes the spec marks optional), within the system scope. */
  systemRead: boolean;
}

export interface RotateApiKeyInput {
  overlapHours?: unknown;
  expiresInDays?: unknown;
}

export interface ValidRotateInput {
  overlapHours: number;
  expiresInDays: number;
}

function integerIn(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw badRequest(`${field} debe ser un entero entre ${min} y ${max}`);
  }
  return value;
}

function keyName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw badRequest('name es requerido');
  const name = value.trim();
  // Counted in characters, not UTF-16 units, like every other text limit.
  if ([...name].length > API_KEY_NAME_MAX) throw badRequest(`name no puede superar ${API_KEY_NAME_MAX} caracteres`);
  // Control characters (NUL above all, which PostgreSQL cannot store) make a name unreadable in listings.
  if (/[\u0000-\u001f\u007f]/.test(name)) throw badRequest('name contiene caracteres no permitidos');
  return name;
}

function userIdList(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) throw badRequest('user_ids debe ser una lista con al menos un UUID');
  if (value.length > MAX_LISTED_USERS) throw badRequest(`user_ids no puede tener más de ${MAX_LISTED_USERS} elementos`);
  for (const id of value) if (!isUuid(id)) throw badRequest('user_ids debe contener solo UUID');
  return [...new Set((value as string[]).map((id) => id.toLowerCase()))];
}

/**
 * A key acts for the users it lists; acting for every active user of the tenant must be asked
 * for explicitly (`allUsers: true`), never assumed from a missing list. Reading without a user
 * (system scope) must be asked for explicitly too (`systemRead: true`); a key with that scope
 * may list no users (a system-only key).
 */
export function validCreateInput(input: CreateApiKeyInput, policy: ApiKeyConfig): ValidCreateInput {
  const name = keyName(input.name);
  const expiresInDays =
    input.expiresInDays === undefined
      ? policy.defaultDays
      : integerIn(input.expiresInDays, 'expires_in_days', 1, policy.maxDays);
  if (input.allUsers !== undefined && typeof input.allUsers !== 'boolean')
    throw badRequest('all_users debe ser true o false');
  if (input.systemRead !== undefined && typeof input.systemRead !== 'boolean')
    throw badRequest('system_read debe ser true o false');
  const allUsers = input.allUsers === true;
  const systemRead = input.systemRead === true;
  if (allUsers && input.userIds !== undefined) throw badRequest('user_ids y all_users: true son excluyentes');
  if (!allUsers && input.userIds === undefined && !systemRead)
    throw badRequest('user_ids es requerido (o all_users: true para todos los usuarios activos)');
  const userIds = allUsers || input.userIds === undefined ? [] : userIdList(input.userIds);
  return { name, expiresInDays, allUsers, userIds, systemRead };
}

export function validRotateInput(input: RotateApiKeyInput, policy: ApiKeyConfig): ValidRotateInput {
  return {
    overlapHours:
      input.overlapHours === undefined
        ? policy.rotationOverlapHours
        : integerIn(input.overlapHours, 'overlap_hours', 0, MAX_OVERLAP_HOURS),
    expiresInDays:
      input.expiresInDays === undefined
        ? policy.defaultDays
        : integerIn(input.expiresInDays, 'expires_in_days', 1, policy.maxDays),
  };
}

export function validKeyId(value: unknown): string {
  if (!isUuid(value)) throw badRequest('id debe ser un UUID');
  return value.toLowerCase();
}
