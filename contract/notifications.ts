/**
 * The NotificationWorkflow contract: one run at a time per user (ID `notifications/<tenant>/<user
 * id>`), started or woken with signal-with-start for each notice (DocumentSigningWorkflow's steps
 * send them). An operator finds a user's runs by `Tenant` and `UserEmail`. Safe to import from
 * workflow code.
 */
import type { SearchAttributePair } from '@temporalio/common';
import { defineSignal } from '@temporalio/workflow';
import { TENANT, USER_EMAIL } from './search-attributes.js';

export type NoticeSubject = 'signature_request' | 'signed' | 'rejected' | 'note' | 'memo';

/**
 * One notification, ids only (operators read the run's history): what it says is read when it is
 * sent, so a memo's reference never sits in a history.
 */
export interface Notice {
  /** The event, the same for every recipient: with the user id, the e-mail's idempotency key. */
  key: string;
  subject: NoticeSubject;
  documentId: string;
  round: number;
}

/** What a DocumentSigningWorkflow tells its notifying step: whose turn began, or how the round ended. */
export type SigningEvent =
  | { event: 'turn'; documentId: string; round: number; userIds: string[]; actorUserId: string }
  | { event: 'officialized' | 'rejected'; documentId: string; round: number; actorUserId: string };

export const NOTIFICATION_WORKFLOW = 'notificationWorkflow';
export type NotificationWorkflow = (input: NotificationInput) => Promise<NotificationResult>;

export interface NotificationInput {
  tenant: string;
  userId: string;
  /** Carried over by continue-as-new: notices not handled yet, those held for the digest and its time. */
  pending?: Notice[];
  held?: Notice[];
  digestAt?: string | null;
  /** Keys of recent notices: a notice signalled twice (a retried step) is handled once. */
  seen?: string[];
}

export interface NotificationResult {
  received: number;
  sent: number;
  held: number;
  dropped: number;
  digests: number;
}

/** What became of a notice: e-mailed now, held for the digest, or not sent (off, or no longer applies). */
export type NoticeOutcome = 'sent' | 'held' | 'dropped';

export const noticeSignal = defineSignal<[Notice]>('notice');

export const notificationWorkflowId = (tenant: string, userId: string) => `notifications/${tenant}/${userId}`;

/** The options of `client.workflow.signalWithStart` that hand a notice to a user's run. */
export function notificationSignalWithStart(
  tenant: string,
  user: { id: string; email: string },
  notice: Notice,
  taskQueue: string,
) {
  return {
    workflowId: notificationWorkflowId(tenant, user.id),
    taskQueue,
    args: [{ tenant, userId: user.id }] as [NotificationInput],
    signal: noticeSignal,
    signalArgs: [notice] as [Notice],
    typedSearchAttributes: [
      { key: TENANT, value: tenant },
      { key: USER_EMAIL, value: user.email.toLowerCase() },
    ] as SearchAttributePair[],
    memo: { user_id: user.id },
  };
}
