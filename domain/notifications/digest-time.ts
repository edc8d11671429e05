/** When a user's daily digest goes out: the next `hour` o'clock of the municipality's time zone. */
import { localDate, localMidnight } from '../calendar.js';

export function nextDigestAt(timeZone: string, hour: number, after: Date): Date {
  for (let days = 0; ; days++) {
    const d = localDate(timeZone, new Date(after.getTime() + days * 86_400_000));
    const at = new Date(localMidnight(timeZone, d.year, d.month, d.day).getTime() + hour * 3_600_000);
    if (at > after) return at;
  }
}
