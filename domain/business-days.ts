/**
 * The administrative business-day calendar of a municipality (días hábiles administrativos).
 *
 * A day is non-working when it is a Saturday or Sunday, a national holiday of Argentina
 * (`date-holidays`, country AR, type `public` only: the feriados; the "días no laborables" it
 * types `bank` (Jueves Santo) and `optional` (the tourism days, the afternoons of 24 and 31
 * December) are each municipality's decision, so an administrator adds them as municipal days),
 * or a municipal non-working day an administrator recorded (tenant table `non_working_days`).
 *
 * Dates are the municipality's local dates (APP_TIMEZONE, domain/calendar.ts). A deadline "in N
 * business days" from an instant counts from the day after the instant's local day (the start day
 * never counts, business or not) and ends at 23:59:59.999 local time of the Nth business day.
 *
 * The arithmetic is pure over a `BusinessCalendar` (time zone + municipal days, a plain
 * serializable object), so activities and workflows can use it; loading the municipal days is
 * separate (`loadBusinessCalendar`) and takes the tenant-scoped db the caller holds, with no
 * runtime import of db/.
 */
import Holidays from 'date-holidays';
import type { TenantDb, Tx } from '../db/tenancy.js';
import { localDate, localMidnight, parseDay } from './calendar.js';
import { badRequest, conflict, notFound } from './errors.js';

/** A local date as `YYYY-MM-DD`. */
export type DayKey = string;

export interface BusinessCalendar {
  timeZone: string;
  /** Municipal non-working days: `YYYY-MM-DD` → description. */
  municipalDays: Readonly<Record<DayKey, string>>;
}

export interface NonWorkingDay {
  date: DayKey;
  name: string;
  source: 'national' | 'municipal';
}

type DayLike = DayKey | { year: number; month: number; day: number };

/** Years the calendar accepts (holiday data and sane input). */
export const CALENDAR_YEARS = { min: 2000, max: 2100 } as const;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function dayKey(d: { year: number; month: number; day: number }): DayKey {
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
}

/** The day `offset` days after (year, month, day), rolling over months and years. */
function shift(d: { year: number; month: number; day: number }, offset: number) {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + offset));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

function toParts(d: DayLike): { year: number; month: number; day: number } {
  return typeof d === 'string' ? parseDay(d, 'date') : d;
}

function isWeekend(d: { year: number; month: number; day: number }): boolean {
  const weekday = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

const nationalByYear = new Map<number, ReadonlyMap<DayKey, string>>();

/** Argentina's national holidays (feriados) of a year: `YYYY-MM-DD` → name (names of one date joined). */
export function nationalHolidays(year: number): ReadonlyMap<DayKey, string> {
  let days = nationalByYear.get(year);
  if (!days) {
    const found = new Map<DayKey, string>();
    for (const h of new Holidays('AR').getHolidays(year) || []) {
      if (h.type !== 'public') continue;
      const key = h.date.slice(0, 10);
      found.set(key, found.has(key) ? `${found.get(key)} / ${h.name}` : h.name);
    }
    days = found;
    nationalByYear.set(year, days);
  }
  return days;
}

/** Why a day is non-working, or undefined for a business day. */
export function nonWorkingReason(calendar: BusinessCalendar, day: DayLike): NonWorkingDay | 'weekend' | undefined {
  const d = toParts(day);
  const key = dayKey(d);
  const national = nationalHolidays(d.year).get(key);
  if (national) return { date: key, name: national, source: 'national' };
  const municipal = calendar.municipalDays[key];
  if (municipal !== undefined) return { date: key, name: municipal, source: 'municipal' };
  return isWeekend(d) ? 'weekend' : undefined;
}

export function isBusinessDay(calendar: BusinessCalendar, day: DayLike): boolean {
  return nonWorkingReason(calendar, day) === undefined;
}

/**
 * The end of a deadline of `n` business days (n ≥ 1) starting at `from`: 23:59:59.999 local time
 * of the nth business day after `from`'s local day.
 */
export function addBusinessDays(calendar: BusinessCalendar, from: Date, n: number): Date {
  if (!Number.isInteger(n) || n < 1)
    throw new RangeError(`business days must be a whole number of at least 1, got ${n}`);
  let d = localDate(calendar.timeZone, from) as { year: number; month: number; day: number };
  for (let counted = 0; counted < n; ) {
    d = shift(d, 1);
    if (isBusinessDay(calendar, d)) counted++;
  }
  return new Date(localMidnight(calendar.timeZone, d.year, d.month, d.day + 1).getTime() - 1);
}

/**
 * The local date `n` business days after `day` (before it when n < 0); with n = 0, `day` itself
 * when it is a business day, else the business day before it.
 */
export function shiftBusinessDays(
  calendar: BusinessCalendar,
  day: DayLike,
  n: number,
): { year: number; month: number; day: number } {
  let d = toParts(day);
  if (n === 0) {
    while (!isBusinessDay(calendar, d)) d = shift(d, -1);
    return d;
  }
  const step = n > 0 ? 1 : -1;
  for (let counted = 0; counted < Math.abs(n); ) {
    d = shift(d, step);
    if (isBusinessDay(calendar, d)) counted++;
  }
  return d;
}

/**
 * Business days after `a`'s local day up to and including `b`'s (negative when `b` is earlier),
 * so `businessDaysBetween(c, t, addBusinessDays(c, t, n)) === n`. Instants are read in the
 * calendar's time zone; strings are local `YYYY-MM-DD` dates.
 */
export function businessDaysBetween(calendar: BusinessCalendar, a: Date | DayKey, b: Date | DayKey): number {
  const day = (x: Date | DayKey) => (x instanceof Date ? localDate(calendar.timeZone, x) : parseDay(x, 'date'));
  const from = day(a);
  const to = day(b);
  const start = Date.UTC(from.year, from.month - 1, from.day);
  const end = Date.UTC(to.year, to.month - 1, to.day);
  const sign = end >= start ? 1 : -1;
  // Forwards (a, b]; backwards (b, a]: the same days counted from the other end.
  const lo = sign > 0 ? from : to;
  const days = Math.round(Math.abs(end - start) / 86_400_000);
  let count = 0;
  for (let i = 1; i <= days; i++) if (isBusinessDay(calendar, shift(lo, i))) count++;
  return sign * count;
}

// ---- Storage: municipal days in the tenant's `non_working_days` ----

interface Row {
  date: string;
  description: string;
  created_by: string;
  created_at: Date;
}

export interface MunicipalDayView {
  date: DayKey;
  description: string;
  created_by: string;
  created_at: string;
}

const view = (r: Row): MunicipalDayView => ({
  date: r.date,
  description: r.description,
  created_by: r.created_by,
  created_at: r.created_at.toISOString(),
});

/** `date` as text so Postgres hands back `YYYY-MM-DD`, never a Date shifted by the process's zone. */
const COLUMNS = ['description', 'created_by', 'created_at'] as const;
const selectRows = (trx: Parameters<Parameters<TenantDb['transaction']>[0]>[0]) =>
  trx('non_working_days').select(trx.raw(`to_char(date, 'YYYY-MM-DD') as date`), ...COLUMNS);

export const CALENDAR_MESSAGES = {
  year: `year debe ser un año entre ${CALENDAR_YEARS.min} y ${CALENDAR_YEARS.max}`,
  dateRange: (name: string) =>
    `${name} debe ser una fecha entre ${CALENDAR_YEARS.min}-01-01 y ${CALENDAR_YEARS.max}-12-31`,
  duplicate: (date: string) => `El ${date} ya es un día no laborable municipal`,
  national: (date: string, name: string) => `El ${date} ya es feriado nacional (${name})`,
  weekend: (date: string) => `El ${date} es fin de semana: ya es inhábil`,
  notFound: (date: string) => `El ${date} no es un día no laborable municipal`,
  nationalDelete: (date: string, name: string) =>
    `El ${date} es feriado nacional (${name}): los feriados nacionales no se pueden eliminar`,
} as const;

/** A `YYYY-MM-DD` date within the calendar's years (400 otherwise). */
export function parseCalendarDate(
  value: string,
  name = 'date',
): { year: number; month: number; day: number; key: DayKey } {
  const d = parseDay(value, name);
  if (d.year < CALENDAR_YEARS.min || d.year > CALENDAR_YEARS.max) throw badRequest(CALENDAR_MESSAGES.dateRange(name));
  return { ...d, key: dayKey(d) };
}

/** A `year` query or argument (400 unless a whole number within the calendar's years). */
export function parseCalendarYear(value: string | number): number {
  const year = typeof value === 'number' ? value : /^\d{4}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isInteger(year) || year < CALENDAR_YEARS.min || year > CALENDAR_YEARS.max)
    throw badRequest(CALENDAR_MESSAGES.year);
  return year;
}

/** The tenant's calendar with every municipal day (a few per year), ready for the pure functions. */
export async function loadBusinessCalendar(db: TenantDb, timeZone: string): Promise<BusinessCalendar> {
  return db.transaction((trx) => calendarIn(trx, timeZone));
}

/** The same, read inside a transaction the caller holds. */
export async function calendarIn(trx: Tx, timeZone: string): Promise<BusinessCalendar> {
  const rows: Row[] = await selectRows(trx);
  return { timeZone, municipalDays: Object.fromEntries(rows.map((r) => [r.date, r.description])) };
}

export async function listMunicipalDays(db: TenantDb, year?: number): Promise<MunicipalDayView[]> {
  const rows: Row[] = await db.transaction((trx) => {
    const q = selectRows(trx).orderBy('date');
    return year === undefined ? q : q.whereBetween('date', [`${year}-01-01`, `${year}-12-31`]);
  });
  return rows.map(view);
}

/** The year's non-working days other than weekends: national holidays and municipal days, by date. */
export async function listNonWorkingDays(db: TenantDb, year: number): Promise<NonWorkingDay[]> {
  const municipal = await listMunicipalDays(db, year);
  const national = [...nationalHolidays(year)].map(
    ([date, name]): NonWorkingDay => ({ date, name, source: 'national' }),
  );
  return [
    ...national,
    ...municipal.map((m): NonWorkingDay => ({ date: m.date, name: m.description, source: 'municipal' })),
  ].sort((x, y) => x.date.localeCompare(y.date) || x.source.localeCompare(y.source));
}

/** Records a municipal non-working day: 409 when it already is one (or a national holiday), 400 on a weekend. */
export async function addMunicipalDay(
  db: TenantDb,
  input: { date: string; description: string; createdBy: string },
): Promise<MunicipalDayView> {
  const d = parseCalendarDate(input.date);
  const national = nationalHolidays(d.year).get(d.key);
  if (national) throw conflict(CALENDAR_MESSAGES.national(d.key, national));
  if (isWeekend(d)) throw badRequest(CALENDAR_MESSAGES.weekend(d.key));
  const row: Row | undefined = await db.transaction(async (trx) => {
    const inserted = await trx('non_working_days')
      .insert({ date: d.key, description: input.description, created_by: input.createdBy })
      .onConflict('date')
      .ignore()
      .returning([trx.raw(`to_char(date, 'YYYY-MM-DD') as date`), ...COLUMNS]);
    return inserted[0] as Row | undefined;
  });
  if (!row) throw conflict(CALENDAR_MESSAGES.duplicate(d.key));
  return view(row);
}

/** Removes a municipal non-working day: 400 for a national holiday, 404 when not recorded. */
export async function removeMunicipalDay(db: TenantDb, date: string): Promise<MunicipalDayView> {
  const d = parseCalendarDate(date);
  const national = nationalHolidays(d.year).get(d.key);
  if (national) throw badRequest(CALENDAR_MESSAGES.nationalDelete(d.key, national));
  const row: Row | undefined = await db.transaction(async (trx) => {
    const deleted = await trx('non_working_days')
      .where({ date: d.key })
      .delete()
      .returning([trx.raw(`to_char(date, 'YYYY-MM-DD') as date`), ...COLUMNS]);
    return deleted[0] as Row | undefined;
  });
  if (!row) throw notFound(CALENDAR_MESSAGES.notFound(d.key));
  return view(row);
}
