/**
 * Every date and time the desk shows, as the municipality's offices read them: in its time zone
 * and on a 24-hour clock ("14:29:18", never "02:29:18" without a.m./p.m.), whatever the time zone
 * or locale settings of the computer the desk runs on.
 */

/** The municipality's time zone. */
export const MUNICIPAL_TIME_ZONE = 'America/Argentina/Buenos_Aires';
const LOCALE = 'es-AR';

const DAY = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: MUNICIPAL_TIME_ZONE,
});
const HOUR_MINUTE = new Intl.DateTimeFormat(LOCALE, {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: MUNICIPAL_TIME_ZONE,
});
const HOUR_MINUTE_SECOND = new Intl.DateTimeFormat(LOCALE, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: MUNICIPAL_TIME_ZONE,
});
// A calendar day (YYYY-MM-DD) names no instant: it is written as it is, whatever the time zone.
const CALENDAR_DAY_LONG = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'full', timeZone: 'UTC' });

function instant(value: Date | string | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** "24/11/2026 14:29"; "—" for no value, the value itself when it is no instant. */
export function formatDateTime(value: Date | string | null | undefined): string {
  const d = instant(value);
  if (!d) return value ? String(value) : '—';
  return `${DAY.format(d)} ${HOUR_MINUTE.format(d)}`;
}

/** "24/11/2026": the municipality's day of an instant. */
export function formatDay(value: Date | string | null | undefined): string {
  const d = instant(value);
  if (!d) return value ? String(value) : '—';
  return DAY.format(d);
}

/** "14:29" (seconds: "14:29:18"). */
export function formatTime(value: Date | string, options: { seconds?: boolean } = {}): string {
  const d = instant(value);
  if (!d) return String(value);
  return (options.seconds ? HOUR_MINUTE_SECOND : HOUR_MINUTE).format(d);
}

/** A calendar day "2026-11-24" written out: "martes, 24 de noviembre de 2026". */
export function formatCalendarDay(isoDay: string): string {
  const [y, m, d] = isoDay.split('-').map(Number);
  return CALENDAR_DAY_LONG.format(new Date(Date.UTC(y!, m! - 1, d!)));
}

const YEAR = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: MUNICIPAL_TIME_ZONE });

/** The municipality's current year (on New Year's Eve night it may differ from UTC's). */
export function municipalYear(now: Date = new Date()): number {
  return Number(YEAR.format(now));
}
