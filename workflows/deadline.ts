/**
 * DeadlineWorkflow (ID `deadline/<tenant>/document/<document id>/<round>` or
 * `deadline/<tenant>/movement/<movement id>`): the timers of one deadline. It asks for its next
 * point (a reminder, the expiry, the escalation; business days of the municipality's calendar),
 * sleeps until then and delivers it; each step reads the subject afresh, so a round signed or an
 * assignment closed ends the run at its next point even if nobody cancelled it. A signing round's
 * run is its DocumentSigningWorkflow's child, cancelled when the round ends; a case's is cancelled
 * by the API when the assignment closes or the case is transferred on.
 * `Status` reads pending → overdue → escalated for operators.
 */
import { setHandler, sleep, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import {
  deadlineStateQuery,
  type DeadlineInput,
  type DeadlinePoint,
  type DeadlineResult,
  type DeadlineState,
} from '../contract/deadline.js';
import { STATUS } from '../contract/search-attributes.js';
import { steps } from './activity-options.js';

export async function deadlineWorkflow(input: DeadlineInput): Promise<DeadlineResult> {
  const { tenant, subject } = input;
  const state: DeadlineState = { next: null, reminders: 0, escalated: false, overdue: false };
  setHandler(deadlineStateQuery, () => state);
  // Points before the run began are not sent late (a reminder "two days before" a deadline set for tomorrow).
  let after: Pick<DeadlinePoint, 'at' | 'kind'> = { at: workflowInfo().startTime.toISOString(), kind: 'escalation' };
  for (;;) {
    const planned = await steps.nextDeadlinePoint({ tenant, subject, after });
    if (!planned.open) return { ended: 'subject_closed', reminders: state.reminders, escalated: state.escalated };
    state.next = planned.point;
    if (!state.next) return { ended: 'schedule_done', reminders: state.reminders, escalated: state.escalated };
    const wait = Date.parse(state.next.at) - Date.now();
    if (wait > 0) await sleep(wait);
    const point = state.next;
    const delivered = await steps.deliverDeadlinePoint({ tenant, subject, point });
    if (!delivered) return { ended: 'subject_closed', reminders: state.reminders, escalated: state.escalated };
    if (point.kind === 'reminder') state.reminders++;
    if (point.overdue && !state.overdue) {
      state.overdue = true;
      upsertSearchAttributes([{ key: STATUS, value: 'overdue' }]);
    }
    if (point.kind === 'escalation') {
      state.escalated = true;
      upsertSearchAttributes([{ key: STATUS, value: 'escalated' }]);
    }
    after = point;
  }
}
