/**
 * E-mail notifications: the step DocumentSigningWorkflow uses to hand each event's notices to the
 * users it concerns (signal-with-start of their NotificationWorkflow through the worker's own
 * client), and NotificationWorkflow's steps (deliver one notice by the user's preference, time
 * and send the daily digest). Sending is recorded per user and event (notification_sends), so a
 * retried step finds its e-mail sent instead of sending it again.
 */
import { Context } from '@temporalio/activity';
import {
  NOTIFICATION_WORKFLOW,
  notificationSignalWithStart,
  type Notice,
  type NoticeOutcome,
  type SigningEvent,
} from '../contract/notifications.js';
import type { TenantDb } from '../db/tenancy.js';
import { nextDigestAt } from '../domain/notifications/digest-time.js';
import { digestEmail, noticeEmail, type NotificationEmail, type Wording } from '../domain/notifications/emails.js';
import { addresseesOf, KIND_OF } from '../domain/notifications/notices.js';
import { deliveryFor } from '../domain/notifications/preferences.js';
import { alreadySent, recordSent } from '../domain/notifications/sends.js';
import { noticeText, recipientOf } from '../domain/notifications/wording.js';
import { requireTenant, requireTenantDb, type ActivityDeps } from './deps.js';

export function createNotificationActivities(deps: ActivityDeps) {
  async function wording(tenant: string): Promise<Wording> {
    return {
      municipality: (await requireTenant(deps, tenant)).displayName,
      deskUrl: deps.config.api.publicUrl.replace(/\/+$/, ''),
    };
  }

  /** Sends unless this user's e-mail for `key` went out already; true when it was sent now. */
  async function sendOnce(db: TenantDb, userId: string, key: string, message: NotificationEmail): Promise<boolean> {
    if (await alreadySent(db, userId, key)) return false;
    await deps.mailer.send(message);
    await recordSent(db, userId, key, message.messageId);
    return true;
  }

  return {
    /** Hands an event of a signing round to the NotificationWorkflow of each person it concerns. */
    async notifySigningEvent(input: SigningEvent & { tenant: string }): Promise<number> {
      const db = await requireTenantDb(deps, input.tenant);
      const addressed = await addresseesOf(db, input);
      const { client } = Context.current();
      for (const { userId, notice } of addressed) {
        const to = await recipientOf(db, userId);
        if (!to) continue;
        await client.workflow.signalWithStart(
          NOTIFICATION_WORKFLOW,
          notificationSignalWithStart(
            input.tenant,
            { id: userId, email: to.email },
            notice,
            deps.config.temporal.taskQueue,
          ),
        );
      }
      return addressed.length;
    },

    /** E-mails a notice now, holds it for the digest, or drops it, by the user's preference. */
    async deliverNotice(input: { tenant: string; userId: string; notice: Notice }): Promise<NoticeOutcome> {
      const db = await requireTenantDb(deps, input.tenant);
      const delivery = await deliveryFor(db, input.userId, KIND_OF[input.notice.subject]);
      if (delivery === 'off') return 'dropped';
      if (delivery === 'digest') return 'held';
      const to = await recipientOf(db, input.userId);
      const text = to && (await noticeText(db, input.userId, input.notice, deps.config.timeZone));
      if (!to || !text) return 'dropped';
      // Sent now or by an earlier attempt of this step: either way sent, once.
      await sendOnce(
        db,
        input.userId,
        input.notice.key,
        noticeEmail(input.userId, to, input.notice.key, text, await wording(input.tenant)),
      );
      return 'sent';
    },

    /** The next digest hour after `after` (the workflow's clock). */
    async nextNotificationDigest(input: { after: string }): Promise<string> {
      return nextDigestAt(
        deps.config.timeZone,
        deps.config.notifications.digestHour,
        new Date(input.after),
      ).toISOString();
    },

    /** One e-mail listing the held notices that still apply (and whose kind is not switched off meanwhile); none when none does. */
    async sendNotificationDigest(input: {
      tenant: string;
      userId: string;
      notices: Notice[];
      key: string;
    }): Promise<boolean> {
      const db = await requireTenantDb(deps, input.tenant);
      const to = await recipientOf(db, input.userId);
      if (!to) return false;
      const texts = [];
      for (const notice of input.notices) {
        if ((await deliveryFor(db, input.userId, KIND_OF[notice.subject])) === 'off') continue;
        const text = await noticeText(db, input.userId, notice, deps.config.timeZone);
        if (text) texts.push(text);
      }
      if (!texts.length) return false;
      return sendOnce(
        db,
        input.userId,
        input.key,
        digestEmail(input.userId, to, input.key, texts, await wording(input.tenant)),
      );
    },
  };
}
