/**
 * The DeadlineWorkflow contract: the timers of one deadline (a signing round's, a case transfer's
 * or assignment's). Its steps read the subject and the calendar afresh at each point, so a round
 * that ended or a holiday added meanwhile is seen. Safe to import from workflow code.
 */
import { defineQuery } from '@temporalio/workflow';

export const DEADLINE_WORKFLOW = 'deadlineWorkflow';
export type DeadlineWorkflow = (input: DeadlineInput) => Promise<DeadlineResult>;

/** What a deadline is about: a signing round, or a case's transfer or assignment (its movement). */
export type DeadlineSubject =
  | { kind: 'signing'; documentId: string; round: number }
  | { kind: 'case'; caseId: string; movementId: string };

export type DeadlinePointKind = 'reminder' | 'expired' | 'escalation';

/** One timer of a deadline. */
export interface DeadlinePoint {
  /** ISO instant. */
  at: string;
  kind: DeadlinePointKind;
  /** Reminders are numbered 1, 2, … in order; the expiry and the escalation carry 0. */
  sequence: number;
  /** True for every point from the deadline on. */
  overdue: boolean;
}

/**
 * A deadline as a start or a movement asks for it: `dueAt` (a date `YYYY-MM-DD`, meaning the end of
 * that local day, or an ISO instant with its offset) or a count of business days.
 */
export type DeadlineRequest = { dueAt: string } | { dueInBusinessDays: number };

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
