import { describe, expect, it } from 'vitest';
import { saveStateText } from '../src/autosave';
import { formatDueDate } from '../src/components/Deadline';
import { formatCalendarDay, formatDateTime, formatDay, formatTime, municipalYear } from '../src/time';

// 17:29:18 UTC is 14:29:18 in Buenos Aires (UTC−3, no daylight saving time).
const AFTERNOON = new Date('2026-11-24T17:29:18Z');

describe("times in the municipality's time zone, on a 24-hour clock", () => {
  it('formats an afternoon instant as 14:29:18, never 02:29:18', () => {
    expect(formatTime(AFTERNOON, { seconds: true })).toBe('14:29:18');
    expect(formatTime('2026-11-24T17:29:18Z')).toBe('14:29');
    expect(formatDateTime(AFTERNOON)).toBe('24/11/2026 14:29');
    expect(formatDateTime('2026-11-24T17:29:18.123Z')).toBe('24/11/2026 14:29');
  });

  it("counts midnight as 00, and the day as the municipality's", () => {
    // 02:05 UTC on the 25th is still the 24th, 23:05, in Buenos Aires.
    expect(formatDateTime('2026-11-25T02:05:09Z')).toBe('24/11/2026 23:05');
    expect(formatTime('2026-11-25T03:05:09Z', { seconds: true })).toBe('00:05:09');
    expect(formatDay('2026-11-25T02:05:09Z')).toBe('24/11/2026');
    expect(municipalYear(new Date('2027-01-01T02:00:00Z'))).toBe(2026);
  });

  it('shows a dash for no value and the value itself when it is no instant', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('mañana')).toBe('mañana');
    expect(formatDay('')).toBe('—');
  });

  it('writes a calendar day as it is, whatever the time zone', () => {
    expect(formatCalendarDay('2026-05-25')).toBe('lunes, 25 de mayo de 2026');
  });

  it('deadlines use the same clock: a day, or a day and a 24-hour time', () => {
    expect(formatDueDate('2026-11-28T02:59:59Z')).toBe('27/11/2026');
    expect(formatDueDate('2026-11-27T17:00:00Z')).toBe('27/11/2026 14:00');
  });

  it('the autosave label says the time the offices read', () => {
    expect(saveStateText({ kind: 'saved', at: AFTERNOON })).toBe('Guardado a las 14:29:18');
    expect(saveStateText({ kind: 'saved', at: new Date('2026-11-24T05:29:18Z') })).toBe('Guardado a las 02:29:18');
    expect(saveStateText({ kind: 'saving' })).toBe('Guardando…');
  });
});
