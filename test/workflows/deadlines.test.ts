/**
 * Deadlines: where the points of a deadline fall on the municipality's calendar (hand-counted
 * business days around Argentina's December holidays), and DeadlineWorkflow running 30 simulated
 * days on Temporal's time-skipping test server — reminders on the expected business days at the
 * reminder hour, a holiday added while it runs moving what is still to come, one escalation, and
 * nothing once the round or the assignment ends.
 */
import assert from 'node:assert/strict';
import { WorkflowFailedError } from '@temporalio/client';
import type { Activities } from '../../activities/index.js';
import { beginSigningUpdate, signUpdate } from '../../contract/document-signing.js';
import { workflowIds } from '../../contract/ids.js';
import { addBusinessDays, isBusinessDay, type BusinessCalendar } from '../../domain/business-days.js';
import { localDate } from '../../domain/calendar.js';
import {
  DEFAULT_DEADLINE_POLICY,
  deadlinePoints,
  nextDeadlinePoint,
  type DeadlinePoint,
} from '../../domain/deadlines/schedule.js';
import type { DeadlineSubject } from '../../domain/deadlines/subjects.js';
import type { SigningRound } from '../../domain/documents/signing.js';
import { deadlineWorkflow } from '../../workflows/deadline.js';
import { documentSigningWorkflow } from '../../workflows/document-signing.js';
import { timeSkippingServer, withWorker } from '../support/time-skipping.js';

const TZ = 'America/Argentina/Buenos_Aires';
const DAY = 86_400_000;
/** Local "YYYY-MM-DD HH:mm" of an instant in Buenos Aires (UTC−3, no daylight saving). */
const local = (iso: string) => new Date(Date.parse(iso) - 3 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

describe('deadlines', () => {
  describe('points on the calendar', () => {
    const calendar: BusinessCalendar = { timeZone: TZ, municipalDays: {} };
    // Thursday 10 December 2026; Tuesday 8 December is a national holiday (Inmaculada Concepción).
    const due = new Date('2026-12-11T02:59:59.999Z'); // 23:59:59.999 of the 10th, local time

    it('reminders two business days before (over the holiday), on the day, then every two business days; escalation after three', () => {
      const points = deadlinePoints(calendar, DEFAULT_DEADLINE_POLICY, due).map((p) => `${p.kind} ${local(p.at)}`);
      assert.deepEqual(points, [
        'reminder 2026-12-07 09:00', // Wed 9 is one business day before, the 8th a holiday, Mon 7 the second
        'reminder 2026-12-10 09:00',
        'expired 2026-12-10 23:59',
        'reminder 2026-12-14 09:00', // Fri 11, Mon 14
        'escalation 2026-12-15 09:00', // Fri 11, Mon 14, Tue 15
        'reminder 2026-12-16 09:00',
        'reminder 2026-12-18 09:00',
        'reminder 2026-12-22 09:00',
        'reminder 2026-12-24 09:00', // the 24th is a working day; the 25th a holiday
        'reminder 2026-12-29 09:00',
        'reminder 2026-12-31 09:00', // 1 January a holiday, then the weekend
        'reminder 2027-01-05 09:00',
        'reminder 2027-01-07 09:00',
        'reminder 2027-01-11 09:00',
      ]);
    });

    it('a municipal non-working day moves the escalation and the reminders after it', () => {
      const withDay: BusinessCalendar = { timeZone: TZ, municipalDays: { '2026-12-15': 'Aniversario de la ciudad' } };
      const points = deadlinePoints(withDay, DEFAULT_DEADLINE_POLICY, due)
        .slice(3, 7)
        .map((p) => `${p.kind} ${local(p.at)}`);
      assert.deepEqual(points, [
        'reminder 2026-12-14 09:00',
        'escalation 2026-12-16 09:00',
        'reminder 2026-12-17 09:00',
        'reminder 2026-12-21 09:00',
      ]);
    });

    it('points already past when the deadline began are skipped; the next one follows the last handled', () => {
      const started = { at: '2026-12-08T12:00:00.000Z', kind: 'escalation' as const };
      assert.equal(local(nextDeadlinePoint(calendar, DEFAULT_DEADLINE_POLICY, due, started)!.at), '2026-12-10 09:00');
      const afterExpiry = nextDeadlinePoint(calendar, DEFAULT_DEADLINE_POLICY, due, {
        at: due.toISOString(),
        kind: 'expired',
      })!;
      assert.deepEqual([afterExpiry.kind, afterExpiry.sequence, afterExpiry.overdue], ['reminder', 3, true]);
    });
  });

  describe('DeadlineWorkflow on the time-skipping test server', function () {
    this.timeout(180_000);
    // A test server under load has been seen to stall a run; withWorker gives up after a minute and a fresh server retries it.
    this.retries(1);
    const env = timeSkippingServer('test');

    interface Delivery {
      kind: DeadlinePoint['kind'];
      at: string;
      woke: number;
    }

    /** Deadline steps over a calendar the test may change, recording each delivery with the server's time. */
    function deadlineActivities(
      calendar: BusinessCalendar,
      dueAt: Date,
      deliveries: Delivery[],
      open: { value: boolean },
    ) {
      return {
        nextDeadlinePoint: async ({ after }: { after: Pick<DeadlinePoint, 'at' | 'kind'> }) =>
          open.value
            ? { open: true, point: nextDeadlinePoint(calendar, DEFAULT_DEADLINE_POLICY, dueAt, after) }
            : { open: false },
        deliverDeadlinePoint: async ({ point }: { point: DeadlinePoint }) => {
          if (!open.value) return null;
          deliveries.push({ kind: point.kind, at: point.at, woke: 0 });
          return { sent: 1 };
        },
      };
    }

    /**
     * When each delivery ran on the server's clock: the run's local-activity markers alternate
     * "next point", "deliver" (the clock is the test server's, so the activity cannot read it).
     */
    async function stampDeliveries(workflowId: string, deliveries: Delivery[]) {
      const history = await env().client.workflow.getHandle(workflowId).fetchHistory();
      const markers = (history.events ?? []).filter((e) => e.markerRecordedEventAttributes);
      // A last "deliver" may have found the subject closed and sent nothing.
      const delivered = markers.filter((_, i) => i % 2 === 1);
      assert.ok(
        delivered.length - deliveries.length <= 1 && delivered.length >= deliveries.length,
        `${markers.length} markers for ${deliveries.length} deliveries`,
      );
      deliveries.forEach((d, i) => {
        const t = delivered[i]!.eventTime!;
        d.woke = Number(t.seconds) * 1000 + Math.floor((t.nanos ?? 0) / 1e6);
      });
    }

    function assertOnTime(deliveries: Delivery[], calendar: BusinessCalendar) {
      for (const d of deliveries) {
        assert.ok(
          d.woke >= Date.parse(d.at) && d.woke < Date.parse(d.at) + 60_000,
          `${d.kind} due ${d.at} delivered at ${new Date(d.woke).toISOString()}`,
        );
        if (d.kind !== 'expired') {
          assert.ok(
            isBusinessDay(calendar, localDate(TZ, new Date(d.at)) as { year: number; month: number; day: number }),
            `${d.kind} on a business day: ${local(d.at)}`,
          );
          assert.equal(local(d.at).slice(11), '09:00');
        }
      }
    }

    const subjects: [string, DeadlineSubject][] = [
      ['a signing round', { kind: 'signing', documentId: 'doc-1', round: 1 }],
      ['a case assignment', { kind: 'case', caseId: 'case-1', movementId: 'mov-1' }],
    ];
    for (const [what, subject] of subjects)
      it(`${what}: 30 days of reminders on business days, a holiday added meanwhile moves them, one escalation`, async () => {
        const start = await env().currentTimeMs();
        const calendar: BusinessCalendar = { timeZone: TZ, municipalDays: {} };
        const dueAt = addBusinessDays(calendar, new Date(start), 4);
        const deliveries: Delivery[] = [];
        const workflowId = `deadline-${subject.kind}-${start}`;
        const withoutHoliday = deadlinePoints(calendar, DEFAULT_DEADLINE_POLICY, dueAt);
        // The business day after the due day becomes a municipal holiday once the run has begun.
        const dueDay = localDate(TZ, dueAt) as { year: number; month: number; day: number };
        const holiday = localDate(
          TZ,
          addBusinessDays(calendar, new Date(Date.UTC(dueDay.year, dueDay.month - 1, dueDay.day, 15)), 1),
        ) as { year: number; month: number; day: number };
        const holidayKey = `${holiday.year}-${String(holiday.month).padStart(2, '0')}-${String(holiday.day).padStart(2, '0')}`;

        const { result, status } = await withWorker(
          env(),
          deadlineActivities(calendar, dueAt, deliveries, { value: true }) as Partial<Activities>,
          async (taskQueue) => {
            const handle = await env().client.workflow.start(deadlineWorkflow, {
              taskQueue,
              workflowId,
              args: [{ tenant: 'demo', subject }],
            });
            await env().sleep(DAY);
            (calendar.municipalDays as Record<string, string>)[holidayKey] = 'Día del empleado municipal';
            await env().sleep(29 * DAY);
            await stampDeliveries(workflowId, deliveries);
            const described = await handle.describe();
            // A run left waiting with no worker would hold the test server's clock for the tests after this one.
            if (described.status.name === 'RUNNING') await handle.terminate('test over');
            return {
              result: described.status.name === 'COMPLETED' ? await handle.result() : null,
              status: described.status.name,
            };
          },
        );

        const withHoliday = deadlinePoints(calendar, DEFAULT_DEADLINE_POLICY, dueAt);
        const expected = withHoliday
          .filter((p) => Date.parse(p.at) > start && Date.parse(p.at) <= start + 30 * DAY)
          .map((p) => `${p.kind} ${p.at}`);
        assert.deepEqual(
          deliveries.map((d) => `${d.kind} ${d.at}`),
          expected,
          'every point of the 30 days, in order, by the calendar with the holiday',
        );
        assert.notDeepEqual(
          withHoliday.find((p) => p.kind === 'escalation')!.at,
          withoutHoliday.find((p) => p.kind === 'escalation')!.at,
          'the holiday moved the escalation',
        );
        assert.ok(!deliveries.some((d) => local(d.at).startsWith(holidayKey)), 'nothing on the holiday');
        assert.equal(deliveries.filter((d) => d.kind === 'escalation').length, 1, 'escalated once');
        assert.ok(deliveries.filter((d) => d.kind === 'reminder').length >= 6, `${deliveries.length} deliveries`);
        assertOnTime(deliveries, calendar);
        // Ten overdue reminders every two business days outlast 30 days: the run is still waiting.
        assert.equal(status, 'RUNNING', `run ${status} ${JSON.stringify(result)}`);
      });

    it('a round signed meanwhile cancels its deadline run: nothing is sent after the round ends', async () => {
      const start = await env().currentTimeMs();
      const calendar: BusinessCalendar = { timeZone: TZ, municipalDays: {} };
      const dueAt = addBusinessDays(calendar, new Date(start), 3);
      const deliveries: Delivery[] = [];
      const documentId = `doc-${start}`;
      const round: SigningRound = {
        documentId,
        round: 1,
        documentType: 'INF',
        reference: 'Inspección',
        officialNumber: null,
        sentToSignAt: new Date(start).toISOString(),
        signers: [{ userId: 'ana', fullName: 'Ana', isNumerator: true, status: 'pending', signedAt: null }],
        dueAt: dueAt.toISOString(),
      };
      const activities = {
        ...deadlineActivities(calendar, dueAt, deliveries, { value: true }),
        beginDocumentSigning: async () => round,
        assignOfficialNumber: async () => 'INF-2026-00000001-MVE-DOP',
        signDocumentRevision: async () => ({ signedAt: new Date().toISOString() }),
        officializeDocument: async () => undefined,
        requestSummariesOfOfficialized: async () => undefined,
        notifySigningEvent: async () => 0,
      } as unknown as Partial<Activities>;
      const childId = workflowIds.signingDeadline('demo', documentId, 1);

      const outcome = await withWorker(env(), activities, async (taskQueue) => {
        const handle = await env().client.workflow.start(documentSigningWorkflow, {
          taskQueue,
          workflowId: `round-deadline-${start}`,
          args: [{ tenant: 'demo', documentId }],
        });
        await handle.executeUpdate(beginSigningUpdate, {
          args: [{ userId: 'ana', creatorOnly: false, due: { dueInBusinessDays: 3 } }],
        });
        // Past the due date, the first overdue reminder and the escalation.
        const escalation = deadlinePoints(calendar, DEFAULT_DEADLINE_POLICY, dueAt).find(
          (p) => p.kind === 'escalation',
        )!;
        await env().sleep(Date.parse(escalation.at) + 3_600_000 - (await env().currentTimeMs()));
        const before = deliveries.length;
        await handle.executeUpdate(signUpdate, { args: [{ userId: 'ana' }] });
        const signed = await handle.result();
        // Cancelled as the round ended: a closed run sends nothing more, however long one waits.
        let child = await env().client.workflow.getHandle(childId).describe();
        for (let i = 0; i < 50 && child.status.name === 'RUNNING'; i++) {
          await new Promise((r) => setTimeout(r, 100));
          child = await env().client.workflow.getHandle(childId).describe();
        }
        await stampDeliveries(childId, deliveries);
        return { signed, before, child };
      });

      assert.equal(outcome.signed.phase, 'signed');
      assert.ok(outcome.before >= 3, `${outcome.before} deliveries before the signature`);
      assert.ok(
        deliveries.some((d) => d.kind === 'escalation'),
        'escalated while overdue',
      );
      assert.equal(deliveries.length, outcome.before, 'nothing after the round ended');
      assert.equal(outcome.child.status.name, 'CANCELLED');
      assert.equal(outcome.child.searchAttributes.Tenant?.[0], 'demo');
      assert.equal(outcome.child.searchAttributes.DocumentId?.[0], documentId);
      assertOnTime(deliveries, calendar);
    });

    it('a case assignment: closing it ends the run at its next point; cancelling ends it at once', async () => {
      const start = await env().currentTimeMs();
      const calendar: BusinessCalendar = { timeZone: TZ, municipalDays: {} };
      const dueAt = addBusinessDays(calendar, new Date(start), 2);
      const subject: DeadlineSubject = { kind: 'case', caseId: 'case-1', movementId: `mov-${start}` };
      const closed: Delivery[] = [];
      const open = { value: true };
      const cancelled: Delivery[] = [];

      const result = await withWorker(
        env(),
        deadlineActivities(calendar, dueAt, closed, open) as Partial<Activities>,
        async (taskQueue) => {
          const handle = await env().client.workflow.start(deadlineWorkflow, {
            taskQueue,
            workflowId: `deadline-case-${start}`,
            args: [{ tenant: 'demo', subject }],
          });
          await env().sleep(8 * DAY);
          open.value = false; // the assignment was closed; nobody cancelled the run
          const ended = await handle.result();
          await stampDeliveries(handle.workflowId, closed);
          return ended;
        },
      );
      assert.equal(result.ended, 'subject_closed');
      assert.equal(result.escalated, true);
      assert.equal(closed.filter((d) => d.kind === 'escalation').length, 1);
      assertOnTime(closed, calendar);

      await assert.rejects(
        withWorker(
          env(),
          deadlineActivities(calendar, dueAt, cancelled, { value: true }) as Partial<Activities>,
          async (taskQueue) => {
            const handle = await env().client.workflow.start(deadlineWorkflow, {
              taskQueue,
              workflowId: `deadline-case-cancel-${start}`,
              args: [{ tenant: 'demo', subject }],
            });
            await env().sleep(DAY / 2);
            await handle.cancel();
            return handle.result();
          },
        ),
        (err: unknown) => err instanceof WorkflowFailedError,
      );
      const beforeDue = cancelled.length;
      assert.ok(
        cancelled.every((d) => Date.parse(d.at) < dueAt.getTime()),
        'only reminders before the due date were sent',
      );
      assert.ok(beforeDue <= 2);
    });
  });
});
