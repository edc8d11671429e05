/**
 * The outbox: an event is one row written with the change it reports, in the same transaction,
 * so it exists if and only if the change was committed. The relay (relay.ts) hands committed rows
 * to the subscriptions' delivery runs.
 */
import type { Tx } from '../../db/tenancy.js';
import { subjectOf, type AnyEventData, type AnyEventType, type SubjectKind } from './catalog.js';

/** A webhook event or an audit-only one (domain/webhooks/catalog.ts): both are rows of the outbox. */
export interface OutboxEvent<T extends AnyEventType = AnyEventType> {
  type: T;
  subject: { kind: SubjectKind; id: string };
  data: AnyEventData<T>;
}

/** Appends events to the outbox inside `trx` (the change's own transaction). */
export async function emitEvents(trx: Tx, ...events: OutboxEvent[]): Promise<void> {
  if (!events.length) return;
  await trx('webhook_events').insert(
    events.map((e) => ({
      type: e.type,
      subject: subjectOf(e.subject.kind, e.subject.id),
      data: JSON.stringify(e.data),
    })),
  );
}

/** One event, typed by its type. */
export function emitEvent<T extends AnyEventType>(
  trx: Tx,
  type: T,
  subject: OutboxEvent<T>['subject'],
  data: AnyEventData<T>,
): Promise<void> {
  return emitEvents(trx, { type, subject, data } as OutboxEvent);
}
