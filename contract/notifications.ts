/**
 * The NotificationWorkflow contract: one run at a time per user (ID `notifications/<tenant>/<user
 * id>`), started or woken with signal-with-start for each notice (DocumentSigningWorkflow's steps
 * send them). An operator finds a user's runs by `Tenant` and `UserEmail`. Safe to import from
 * workflow code.
 */
import type { SearchAttributePair } from '@temporalio/common';
import { defineSignal } from '@temporalio/workflow';
import type { Notice } from '../domain/notifications/notices.js';
import { TENANT, USER_EMAIL } from './search-attributes.js';

export type { Notice };

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
