/**
 * The outbox: an event is one row written with the change it reports, in the same transaction,
 * so it exists if and only if the change was committed. The relay (relay.ts) hands committed rows
 * to the subscriptions' delivery runs.
 */
import type { Tx } from '../../db/tenancy.js';
import { subjectOf, type EventData, type EventType, type SubjectKind } from './catalog.js';

export interface OutboxEvent<T extends EventType = EventType> {
  type: T;
  subject: { kind: SubjectKind; id: string };
  data: EventData<T>;
}

/** Appends events to the outbox inside `trx` (the change's own transaction). */
export async function emitEvents(trx: Tx, ...events: OutboxEvent[]): Promise<void> {
  if (!events.length) return;
  await trx('webhook_events').insert(events.map((e) => ({ type: e.type, subject: subjectOf(e.subject.kind, e.subject.id), data: JSON.stringify(e.data) })));
}

/** One event, typed by its type. */
export function emitEvent<T extends EventType>(trx: Tx, type: T, subject: OutboxEvent<T>['subject'], data: EventData<T>): Promise<void> {
  return emitEvents(trx, { type, subject, data } as OutboxEvent);
}
