import { describe, expect, it } from 'vitest';
import { groupFeed, type FeedEvent } from '../src/feed';

const event = (
  id: string,
  object: string,
  kind = 'document_edited',
  type: 'document' | 'case' = 'document',
): FeedEvent => ({
  event_id: id,
  kind,
  occurred_at: `2026-11-24T1${id}:00:00Z`,
  object: { type, id: object },
  description: `${kind} ${object}`,
});

describe("the feed groups a document's events", () => {
  it('runs of events about one object become one entry, newest first, each event kept', () => {
    const groups = groupFeed([
      event('5', 'a', 'document_signed'),
      event('4', 'a', 'document_sent_to_sign'),
      event('3', 'b'),
      event('2', 'a'),
      event('1', 'a', 'document_created'),
    ]);
    expect(groups.map((g) => [g.object.id, g.events.map((e) => e.event_id)])).toEqual([
      ['a', ['5', '4']],
      ['b', ['3']],
      ['a', ['2', '1']],
    ]);
    expect(groups[0]!.latest.kind).toBe('document_signed');
  });

  it('a case and a document with the same id are different objects; an empty feed has no entries', () => {
    expect(groupFeed([event('2', 'x'), event('1', 'x', 'case_created', 'case')])).toHaveLength(2);
    expect(groupFeed([])).toEqual([]);
  });
});
