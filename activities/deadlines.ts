/**
 * DeadlineWorkflow's steps: plan the next point from the subject and the calendar as they are
 * now, and deliver a point (reminders by email, the expiry and the escalation to the feed, the
 * escalation by email too). Both read whether the subject still runs first.
 */
import { loadBusinessCalendar } from '../domain/business-days.js';
import { escalationEmails, reminderEmails, type DeadlineEmail } from '../domain/deadlines/notices.js';
import { nextDeadlinePoint } from '../domain/deadlines/schedule.js';
import { openDeadline, recordDeadlineEvent } from '../domain/deadlines/subjects.js';
import type { DeadlinePoint, DeliveredPoint, DeadlineStep, PlannedPoint } from '../contract/deadline.js';
import { requireTenant, requireTenantDb, type ActivityDeps } from './deps.js';

export function createDeadlineActivities(deps: ActivityDeps) {
  async function sendAll(emails: DeadlineEmail[]): Promise<number> {
    for (const e of emails) await deps.mailer.send(e);
    return emails.length;
  }

  return {
    async nextDeadlinePoint(
      input: DeadlineStep & { after: Pick<DeadlinePoint, 'at' | 'kind'> },
    ): Promise<PlannedPoint> {
      const db = await requireTenantDb(deps, input.tenant);
      const deadline = await openDeadline(db, input.subject);
      if (!deadline) return { open: false };
      const calendar = await loadBusinessCalendar(db, deps.config.timeZone);
      return {
        open: true,
        point: nextDeadlinePoint(calendar, deps.config.deadlines, new Date(deadline.dueAt), input.after),
      };
    },

    async deliverDeadlinePoint(input: DeadlineStep & { point: DeadlinePoint }): Promise<DeliveredPoint | null> {
      const tenant = await requireTenant(deps, input.tenant);
      const db = await requireTenantDb(deps, input.tenant);
      const deadline = await openDeadline(db, input.subject);
      if (!deadline) return null;
      const wording = {
        municipality: tenant.displayName,
        timeZone: deps.config.timeZone,
        deskUrl: deps.config.api.publicUrl.replace(/\/+$/, ''),
      };
      switch (input.point.kind) {
        case 'reminder':
          return { sent: await sendAll(reminderEmails(input.subject, deadline, input.point, wording)) };
        case 'expired':
          await recordDeadlineEvent(db, input.subject, 'expired', deadline);
          return { sent: 0 };
        case 'escalation': {
          // Once: a retried step that already escalated sends nothing again.
          if (deadline.escalated) return { sent: 0 };
          const sent = await sendAll(escalationEmails(input.subject, deadline, input.point, wording));
          await recordDeadlineEvent(db, input.subject, 'escalated', deadline);
          return { sent };
        }
      }
    },
  };
}
