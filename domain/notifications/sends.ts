/** The e-mails already sent, per user and event key: what makes a retried send step a no-op. */
import type { TenantDb } from '../../db/tenancy.js';

export async function alreadySent(db: TenantDb, userId: string, key: string): Promise<boolean> {
  return db.transaction(async (trx) =>
    Boolean(await trx('notification_sends').where({ user_id: userId, event_key: key }).first('sent_at')),
  );
}

/** Written once the SMTP server took the message (a crash in between resends it with the same Message-ID). */
export async function recordSent(db: TenantDb, userId: string, key: string, messageId: string): Promise<void> {
  await db.transaction((trx) =>
    trx('notification_sends')
      .insert({ user_id: userId, event_key: key, message_id: messageId })
      .onConflict(['user_id', 'event_key'])
      .ignore(),
  );
}
