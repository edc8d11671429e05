/**
 * The municipality's calendar: local dates and the UTC instants where local days begin.
 * Date filters ("today", "last 7 days", date_from/date_to) mean days of the municipality, not UTC.
 */
import { badRequest } from './errors.js';

export interface LocalDate {
  year: number;
  month: number;
  day: number;
  /** 0 = Monday ... 6 = Sunday */
  weekday: number;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export function localDate(timeZone: string, instant = new Date()): LocalDate {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS.indexOf(parts.weekday!),
  };
}

/** Local wall-clock time minus UTC, in ms, at `instant`. */
function offsetAt(timeZone: string, instant: number): number {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((x) => [x.type, x.value]),
  );
  const wall = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant of local midnight of (year, month, day); out-of-range days roll over like Date.UTC. */
export function localMidnight(timeZone: string, year: number, month: number, day: number): Date {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - offsetAt(timeZone, guess);
  return new Date(guess - offsetAt(timeZone, first));
}

/** A `YYYY-MM-DD` query parameter as a local date. */
export function parseDay(value: string, name: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match && new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!));
  if (!match || !date || date.getUTCMonth() !== +match[2]! - 1 || date.getUTCDate() !== +match[3]!) {
    throw badRequest(`${name} debe tener el formato YYYY-MM-DD`);
  }
  return { year: +match[1]!, month: +match[2]!, day: +match[3]! };
}

export interface Window {
  from?: Date;
  to?: Date;
}

/** The named windows each interface's `date_filter` takes (one list for the checks and the OpenAPI enums). */
export const INTEGRATION_DATE_FILTERS = ['today', 'week', 'month', 'year'] as const;
export const BACKEND_DATE_FILTERS = ['hoy', 'ayer', 'ultimos_7_dias', 'ultimos_30_dias'] as const;

/**
 * Named windows. Integration: today, week (since Monday), month (since the 1st), year (since
 * 1 January). Backend: hoy, ayer, ultimos_7_dias, ultimos_30_dias (today included).
 */
export function namedWindow(name: string, timeZone: string, now = new Date()): Window | undefined {
  const t = localDate(timeZone, now);
  const at = (daysBack: number) => localMidnight(timeZone, t.year, t.month, t.day - daysBack);
  switch (name) {
    case 'today':
    case 'hoy':
      return { from: at(0) };
    case 'ayer':
      return { from: at(1), to: at(0) };
    case 'week':
      return { from: at(t.weekday) };
    case 'ultimos_7_dias':
      return { from: at(6) };
    case 'month':
      return { from: localMidnight(timeZone, t.year, t.month, 1) };
    case 'ultimos_30_dias':
      return { from: at(29) };
    case 'year':
      return { from: localMidnight(timeZone, t.year, 1, 1) };
    default:
      return undefined;
  }
}

/** date_from / date_to (inclusive local days) as a window. */
export function dayRange(timeZone: string, from?: string, to?: string): Window {
  const window: Window = {};
  if (from) {
    const d = parseDay(from, 'date_from');
    window.from = localMidnight(timeZone, d.year, d.month, d.day);
  }
  if (to) {
    const d = parseDay(to, 'date_to');
    window.to = localMidnight(timeZone, d.year, d.month, d.day + 1);
  }
  return window;
}

const municipalFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the municipality's offices read it in what the platform writes (PDFs, e-mails,
 * public pages): Spanish, its time zone, a 24-hour clock ("26 de noviembre de 2026, 14:29").
 * es-AR alone would give "2:29 p. m.", which the desk never shows.
 */
export function formatMunicipalTime(
  instant: Date | string,
  timeZone: string,
  style: { dateStyle: 'long' | 'medium'; timeStyle: 'short' | 'medium' },
): string {
  const key = `${timeZone}|${style.dateStyle}|${style.timeStyle}`;
  let f = municipalFormats.get(key);
  if (!f) municipalFormats.set(key, (f = new Intl.DateTimeFormat('es-AR', { timeZone, ...style, hourCycle: 'h23' })));
  return f.format(typeof instant === 'string' ? new Date(instant) : instant);
}
