/**
 * The daily schedule of the archive time-stamp renewal, created when a worker starts if it is not
 * there yet (a later start leaves an operator's changes to it alone). It starts
 * ArchiveRenewalWorkflow at ARCHIVE_RENEWAL_HOUR in the municipal time zone; a run still going
 * when the next is due makes the next one skip, and a day missed while Temporal was down is run
 * once when it is back.
 */
import { Client, ScheduleAlreadyRunning, ScheduleOverlapPolicy, type ConnectionLike } from '@temporalio/client';
import { ARCHIVE_RENEWAL_SCHEDULE, ARCHIVE_RENEWAL_WORKFLOW } from '../contract/archive-renewal.js';

export interface ArchiveScheduleOptions {
  namespace: string;
  taskQueue: string;
  hour: number;
  timeZone: string;
  /** Defaults to the one schedule of the namespace; tests use their own. */
  scheduleId?: string;
}

/** true when this call created the schedule. */
export async function ensureArchiveRenewalSchedule(connection: ConnectionLike, options: ArchiveScheduleOptions): Promise<boolean> {
  const client = new Client({ connection, namespace: options.namespace });
  const scheduleId = options.scheduleId ?? ARCHIVE_RENEWAL_SCHEDULE;
  try {
    await client.schedule.create({
      scheduleId,
      spec: { calendars: [{ hour: options.hour, minute: 0 }], timezone: options.timeZone },
      action: { type: 'startWorkflow', workflowType: ARCHIVE_RENEWAL_WORKFLOW, workflowId: scheduleId, taskQueue: options.taskQueue, args: [{}] },
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' },
      memo: { description: 'Renovación diaria de sellos de tiempo de archivo (PAdES-B-LTA) de los documentos oficiales' },
    });
    return true;
  } catch (err) {
    if (err instanceof ScheduleAlreadyRunning) return false;
    throw err;
  }
}
