/**
 * The DeadlineWorkflow contract: the timers of one deadline (a signing round's, a case transfer's
 * or assignment's). Its steps read the subject and the calendar afresh at each point, so a round
 * that ended or a holiday added meanwhile is seen. Safe to import from workflow code.
 */
import { defineQuery } from '@temporalio/workflow';
import type { DeadlinePoint } from '../domain/deadlines/schedule.js';
import type { DeadlineSubject } from '../domain/deadlines/subjects.js';

export const DEADLINE_WORKFLOW = 'deadlineWorkflow';
export type DeadlineWorkflow = (input: DeadlineInput) => Promise<DeadlineResult>;

export interface DeadlineInput {
  tenant: string;
  subject: DeadlineSubject;
}

/** How a deadline's run ended: its subject ended (signed, closed, transferred on) or every point passed. */
export interface DeadlineResult {
  ended: 'subject_closed' | 'schedule_done';
  reminders: number;
  escalated: boolean;
}

export interface DeadlineState {
  next: DeadlinePoint | null;
  reminders: number;
  escalated: boolean;
  overdue: boolean;
}

export interface DeadlineStep {
  tenant: string;
  subject: DeadlineSubject;
}

/** The next point, or none left; `open: false` once the subject no longer runs. */
export type PlannedPoint = { open: false } | { open: true; point: DeadlinePoint | null };

/** What a point did: null when the subject no longer runs (nothing was sent). */
export interface DeliveredPoint {
  sent: number;
}

export const deadlineStateQuery = defineQuery<DeadlineState>('deadlineState');
