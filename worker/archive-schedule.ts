/**
 * The daily schedules: the archive time-stamp renewal and the audit chain's anchor. The renewal's, created when a worker starts if it is not
 * there yet (a later start leaves an operator's changes to it alone). It starts
 * ArchiveRenewalWorkflow at ARCHIVE_RENEWAL_HOUR in the municipal time zone; a run still going
 * when the next is due makes the next one skip, and a day missed while Temporal was down is run
 * once when it is back.
 */
import { Client, ScheduleAlreadyRunning, ScheduleOverlapPolicy, type ConnectionLike } from '@temporalio/client';
import { ARCHIVE_RENEWAL_SCHEDULE, ARCHIVE_RENEWAL_WORKFLOW } from '../contract/archive-renewal.js';
import { AUDIT_ANCHOR_SCHEDULE, AUDIT_ANCHOR_WORKFLOW } from '../contract/audit-anchor.js';

export interface ArchiveScheduleOptions {
  namespace: string;
  taskQueue: string;
  hour: number;
  timeZone: string;
  /** Defaults to the one schedule of the namespace; tests use their own. */
  scheduleId?: string;
}

/** true when this call created the schedule. */
export function ensureArchiveRenewalSchedule(
  connection: ConnectionLike,
  options: ArchiveScheduleOptions,
): Promise<boolean> {
  return ensureDailySchedule(connection, {
    ...options,
    scheduleId: options.scheduleId ?? ARCHIVE_RENEWAL_SCHEDULE,
    workflowType: ARCHIVE_RENEWAL_WORKFLOW,
    description: 'Renovación diaria de sellos de tiempo de archivo (PAdES-B-LTA) de los documentos oficiales',
  });
}

/** The audit chain's daily anchor (AuditAnchorWorkflow), the same way. */
export function ensureAuditAnchorSchedule(
  connection: ConnectionLike,
  options: ArchiveScheduleOptions,
): Promise<boolean> {
  return ensureDailySchedule(connection, {
    ...options,
    scheduleId: options.scheduleId ?? AUDIT_ANCHOR_SCHEDULE,
    workflowType: AUDIT_ANCHOR_WORKFLOW,
    description: 'Sello de tiempo diario de la cadena de auditoría de cada municipio',
  });
}

/** A daily schedule at `hour` in `timeZone`; skips a run while the previous goes on, catches up one missed day. */
async function ensureDailySchedule(
  connection: ConnectionLike,
  options: ArchiveScheduleOptions & { scheduleId: string; workflowType: string; description: string },
): Promise<boolean> {
  const client = new Client({ connection, namespace: options.namespace });
  try {
    await client.schedule.create({
      scheduleId: options.scheduleId,
      spec: { calendars: [{ hour: options.hour, minute: 0 }], timezone: options.timeZone },
      action: {
        type: 'startWorkflow',
        workflowType: options.workflowType,
        workflowId: options.scheduleId,
        taskQueue: options.taskQueue,
        args: [{}],
      },
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' },
      memo: { description: options.description },
    });
    return true;
  } catch (err) {
    if (err instanceof ScheduleAlreadyRunning) return false;
    throw err;
  }
}
