/**
 * Date and time as the service writes them: in the municipality's time zone (TIME_ZONE) with an
 * explicit UTC offset, so a printed signature time is unambiguous.
 */

interface ZonedParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  /** "+HH:MM" / "-HH:MM" */
  offset: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Throws a RangeError for an unknown IANA zone name. */
export function assertTimeZone(timeZone: string): void {
  formatter(timeZone);
}

export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  // "GMT-03:00", or plain "GMT" for UTC itself.
  const m = /GMT([+-]\d{2}):?(\d{2})?/.exec(parts.timeZoneName ?? '');
  const offset = m ? `${m[1]}:${m[2] ?? '00'}` : '+00:00';
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
    offset,
  };
}

/** "2026-03-05 14:07:09 -03:00" */
export function displayDateTime(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second} ${p.offset}`;
}

/** PDF date (ISO 32000-1 §7.9.4): "D:20260305140709-03'00'" */
export function pdfDate(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  const [h, m] = p.offset.split(':');
  const offset = p.offset === '+00:00' ? 'Z' : `${h}'${m}'`;
  return `D:${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}${offset}`;
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** "5 de marzo de 2026" — the date of an official stamp. */
export function longSpanishDate(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${Number(p.day)} de ${MONTHS[Number(p.month) - 1]} de ${p.year}`;
}

/** ISO 8601 in UTC with an explicit offset: "2026-03-05T17:07:09+00:00". */
export function isoWithOffset(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}
