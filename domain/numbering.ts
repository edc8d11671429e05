/**
 * Official number formats (spec "Number formats"). The sequence is zero-padded to 8 digits for
 * every kind: the spec fixes 8 for memos and records and leaves the others open, and one width
 * keeps numbers sortable and uniform (docs/decisions.md).
 */
export const SEQUENCE_WIDTH = 8;

export function padSequence(sequence: number): string {
  return String(sequence).padStart(SEQUENCE_WIDTH, '0');
}

/** `<prefix>-<year>-<sequence>-<municipality_code>-<suffix>`; suffix is a sector acronym or family code. */
export function formatNumber(
  prefix: string,
  year: number,
  sequence: number,
  municipalityCode: string,
  suffix: string,
): string {
  return `${prefix}-${year}-${padSequence(sequence)}-${municipalityCode}-${suffix}`;
}

/** The calendar year at `now` in the municipality's time zone (numbers restart each local year). */
export function yearIn(timeZone: string, now = new Date()): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(now));
}
