/**
 * NotificationWorkflow (ID `notifications/<tenant>/<user id>`): the e-mails of one user. Each
 * notice arrives as a signal (signal-with-start); the `deliverNotice` step reads the user's
 * preference for its kind and e-mails it at once, holds it for the digest, or drops it. Held
 * notices go out together at the next digest hour (one e-mail, nothing when nothing still
 * applies). The run ends when nothing is pending or held; the next notice starts a new one.
 * Sending is idempotent per user and event (notification_sends), so a retried step, or a notice
 * signalled twice, never e-mails twice. Continues as new after MAX_NOTICES notices.
 */
import { condition, continueAsNew, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import {
  noticeSignal,
  type Notice,
  type NotificationInput,
  type NotificationResult,
} from '../contract/notifications.js';
import { RETRY } from './activity-options.js';

/** Notices per run before continuing as new, so the history stays small. */
const MAX_NOTICES = 100;
/** Keys remembered across runs to drop a repeated signal. */
const SEEN_KEPT = 200;

const mail = proxyActivities<Activities>({ startToCloseTimeout: '1 minute', retry: RETRY });

export async function notificationWorkflow(input: NotificationInput): Promise<NotificationResult> {
  const { tenant, userId } = input;
  const result: NotificationResult = { received: 0, sent: 0, held: 0, dropped: 0, digests: 0 };
  const pending: Notice[] = [...(input.pending ?? [])];
  const held: Notice[] = [...(input.held ?? [])];
  const seen: string[] = [...(input.seen ?? [])];
  let digestAt = input.digestAt ?? null;

  setHandler(noticeSignal, (notice) => {
    if (seen.includes(notice.key)) return;
    seen.push(notice.key);
    if (seen.length > SEEN_KEPT) seen.splice(0, seen.length - SEEN_KEPT);
    result.received++;
    pending.push(notice);
  });

  for (;;) {
    while (pending.length) {
      const notice = pending.shift()!;
      const outcome = await mail.deliverNotice({ tenant, userId, notice });
      result[outcome]++;
      if (outcome === 'held') {
        held.push(notice);
        digestAt ??= await mail.nextNotificationDigest({ after: new Date(Date.now()).toISOString() });
      }
    }
    if (digestAt && Date.now() >= Date.parse(digestAt)) {
      if (await mail.sendNotificationDigest({ tenant, userId, notices: held, key: `digest.${digestAt}` }))
        result.digests++;
      held.length = 0;
      digestAt = null;
    }
    if (!held.length && !pending.length) return result;
    if (result.received >= MAX_NOTICES || workflowInfo().continueAsNewSuggested) {
      await continueAsNew<typeof notificationWorkflow>({ tenant, userId, pending, held, digestAt, seen });
    }
    // Held notices (so a digest time) and nothing pending: wait for the next notice or the digest.
    if (!pending.length) await condition(() => pending.length > 0, Math.max(1, Date.parse(digestAt!) - Date.now()));
  }
}
