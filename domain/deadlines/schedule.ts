/**
 * When a deadline's notices fall: pure arithmetic over the municipality's business-day calendar
 * (domain/business-days.ts), so DeadlineWorkflow's timers land on business days and a holiday an
 * administrator adds while a deadline runs moves the notices still to come.
 *
 * For a deadline due at D (local day d), at `reminderHour` local time:
 * - a reminder `beforeDays` business days before d (when that is still ahead);
 * - a reminder on d (the business day before, when d is not one), when that is before D;
 * - `expired` at D itself (no email: the feed and the dashboard show it from then on);
 * - a reminder every `everyDays` business days after d, at most `maxOverdueReminders` of them;
 * - the escalation, once, `escalateAfterDays` business days after d.
 */
import { shiftBusinessDays, type BusinessCalendar } from '../business-days.js';
import { localDate, localMidnight } from '../calendar.js';

export interface DeadlinePolicy {
  /** Local hour (0-23) at which reminders and the escalation go out. */
  reminderHour: number;
  beforeDays: number;
  everyDays: number;
  escalateAfterDays: number;
  maxOverdueReminders: number;
}

export const DEFAULT_DEADLINE_POLICY: DeadlinePolicy = {
  reminderHour: 9,
  beforeDays: 2,
  everyDays: 2,
  escalateAfterDays: 3,
  maxOverdueReminders: 10,
};

export type DeadlinePointKind = 'reminder' | 'expired' | 'escalation';

export interface DeadlinePoint {
  /** ISO instant. */
  at: string;
  kind: DeadlinePointKind;
  /** Reminders are numbered 1, 2, … in order; the expiry and the escalation carry 0. */
  sequence: number;
  /** True for every point from D on. */
  overdue: boolean;
}

/** Points of one instant come in this order: a reminder goes out before the escalation it precedes. */
const RANK: Record<DeadlinePointKind, number> = { reminder: 0, expired: 1, escalation: 2 };

export function compareDeadlinePoints(
  a: Pick<DeadlinePoint, 'at' | 'kind'>,
  b: Pick<DeadlinePoint, 'at' | 'kind'>,
): number {
  return Date.parse(a.at) - Date.parse(b.at) || RANK[a.kind] - RANK[b.kind];
}

/** Every point of a deadline, in order. */
export function deadlinePoints(calendar: BusinessCalendar, policy: DeadlinePolicy, dueAt: Date): DeadlinePoint[] {
  const due = localDate(calendar.timeZone, dueAt) as { year: number; month: number; day: number };
  const at = (d: { year: number; month: number; day: number }) =>
    new Date(localMidnight(calendar.timeZone, d.year, d.month, d.day).getTime() + policy.reminderHour * 3_600_000);
  const instants: { at: Date; kind: DeadlinePointKind; overdue: boolean }[] = [];
  const remindOn = new Set<number>();
  const before = (d: { year: number; month: number; day: number }) => {
    const t = at(d);
    if (t < dueAt && !remindOn.has(t.getTime())) {
      remindOn.add(t.getTime());
      instants.push({ at: t, kind: 'reminder', overdue: false });
    }
  };
  if (policy.beforeDays > 0) before(shiftBusinessDays(calendar, due, -policy.beforeDays));
  before(shiftBusinessDays(calendar, due, 0));
  instants.push({ at: dueAt, kind: 'expired', overdue: true });
  if (policy.everyDays > 0) {
    for (let k = 1; k <= policy.maxOverdueReminders; k++) {
      instants.push({
        at: at(shiftBusinessDays(calendar, due, k * policy.everyDays)),
        kind: 'reminder',
        overdue: true,
      });
    }
  }
  instants.push({
    at: at(shiftBusinessDays(calendar, due, Math.max(1, policy.escalateAfterDays))),
    kind: 'escalation',
    overdue: true,
  });
  const points = instants
    .map((p) => ({ at: p.at.toISOString(), kind: p.kind, overdue: p.overdue, sequence: 0 }))
    .sort(compareDeadlinePoints);
  let reminders = 0;
  for (const p of points) if (p.kind === 'reminder') p.sequence = ++reminders;
  return points;
}

/**
 * The first point after `after` (a point already handled, or the instant the deadline's run
 * started: points before it are not sent late), or null when none is left.
 */
export function nextDeadlinePoint(
  calendar: BusinessCalendar,
  policy: DeadlinePolicy,
  dueAt: Date,
  after: Pick<DeadlinePoint, 'at' | 'kind'>,
): DeadlinePoint | null {
  return deadlinePoints(calendar, policy, dueAt).find((p) => compareDeadlinePoints(p, after) > 0) ?? null;
}
