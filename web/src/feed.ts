/**
 * The dashboard feed as the desk shows it: consecutive events about the same document or case
 * are one entry (its latest time, then each event), so a document drafted, edited, sent and
 * signed reads as one line of the day, not four.
 */
export interface FeedEvent {
  event_id: string;
  kind: string;
  occurred_at: string | null;
  object: { type: 'document' | 'case'; id: string };
  description: string;
}

export interface FeedGroup<E extends FeedEvent> {
  key: string;
  object: E['object'];
  latest: E;
  events: E[];
}

/** Groups runs of events (newest first, as the feed answers) that share their object. */
export function groupFeed<E extends FeedEvent>(items: E[]): FeedGroup<E>[] {
  const groups: FeedGroup<E>[] = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last && last.object.type === item.object.type && last.object.id === item.object.id) last.events.push(item);
    else groups.push({ key: item.event_id, object: item.object, latest: item, events: [item] });
  }
  return groups;
}
