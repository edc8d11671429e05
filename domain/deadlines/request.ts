/**
 * A deadline as a request names it: `due_at` (a date, meaning the end of that local day, or an
 * instant with its offset) or `due_in_business_days` (counted by the municipality's calendar), on
 * start-signing, transfer and assign. Checked before anything starts (400), resolved to an instant
 * where the step that records it runs.
 */
import type { TenantDb } from '../../db/tenancy.js';
import { addBusinessDays, loadBusinessCalendar, type BusinessCalendar } from '../business-days.js';
import { localMidnight } from '../calendar.js';
import { badRequest } from '../errors.js';

export type DeadlineRequest = { dueAt: string } | { dueInBusinessDays: number };

export const DEADLINE_MESSAGES = {
  dueAtFormat: 'due_at debe ser una fecha AAAA-MM-DD o una fecha y hora ISO 8601 con zona horaria',
  businessDays: 'due_in_business_days debe ser un número entero entre 1 y 240',
  both: 'Indique due_at o due_in_business_days, no ambos',
  past: 'El plazo debe ser una fecha futura',
  tooFar: 'El plazo no puede superar un año',
} as const;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const MAX_AHEAD_MS = 366 * 86_400_000;

/** The deadline a body asks for, or null for none; 400 for anything malformed. */
export function parseDeadlineRequest(
  body: { due_at?: unknown; due_in_business_days?: unknown } | undefined,
): DeadlineRequest | null {
  const dueAt = body?.due_at ?? null;
  const days = body?.due_in_business_days ?? null;
  if (dueAt !== null && days !== null) throw badRequest(DEADLINE_MESSAGES.both);
  if (days !== null) {
    if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > 240)
      throw badRequest(DEADLINE_MESSAGES.businessDays);
    return { dueInBusinessDays: days };
  }
  if (dueAt === null) return null;
  if (typeof dueAt !== 'string') throw badRequest(DEADLINE_MESSAGES.dueAtFormat);
  const date = DATE_ONLY.exec(dueAt);
  if (date) {
    const [y, m, d] = [Number(date[1]), Number(date[2]), Number(date[3])];
    const check = new Date(Date.UTC(y, m - 1, d));
    if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d)
      throw badRequest(DEADLINE_MESSAGES.dueAtFormat);
    return { dueAt };
  }
  if (!INSTANT.test(dueAt) || Number.isNaN(Date.parse(dueAt))) throw badRequest(DEADLINE_MESSAGES.dueAtFormat);
  return { dueAt };
}

/** The instant a deadline ends: a date ends at 23:59:59.999 local; it must be ahead of `now`, within a year. */
export function resolveDeadline(calendar: BusinessCalendar, request: DeadlineRequest, now: Date): Date {
  let due: Date;
  if ('dueInBusinessDays' in request) {
    due = addBusinessDays(calendar, now, request.dueInBusinessDays);
  } else {
    const date = DATE_ONLY.exec(request.dueAt);
    due = date
      ? new Date(localMidnight(calendar.timeZone, Number(date[1]), Number(date[2]), Number(date[3]) + 1).getTime() - 1)
      : new Date(request.dueAt);
  }
  if (due.getTime() <= now.getTime()) throw badRequest(DEADLINE_MESSAGES.past);
  if (due.getTime() - now.getTime() > MAX_AHEAD_MS) throw badRequest(DEADLINE_MESSAGES.tooFar);
  return due;
}

/** The instant `request` names for this municipality now (its calendar read afresh), or null for none. */
export async function deadlineFor(
  db: TenantDb,
  timeZone: string,
  request: DeadlineRequest | null | undefined,
  now = new Date(),
): Promise<Date | null> {
  if (!request) return null;
  return resolveDeadline(await loadBusinessCalendar(db, timeZone), request, now);
}
