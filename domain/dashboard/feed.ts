/**
 * The dashboard feed: the acting user's own activity (activity_events they are the actor of) and
 * the deadline events that concern them (expired, escalated), newest first. Each item names the object it is about with its current number and reference
 * (a document numbered after the event shows its number) when the user may still see it — a
 * signer taken off a memo learns nothing of what it became — and the Spanish line written when
 * the event happened.
 */
import type { UserContext } from '../context.js';
import { whereVisibleTo } from '../documents/access.js';
import { documentsQuery, iso } from '../documents/records.js';
import { parsePage, pageInfo } from '../lists/pagination.js';

interface FeedRow {
  id: string;
  kind: string;
  entity_type: 'document' | 'case';
  entity_id: string;
  summary: string;
  created_at: Date;
  document_number: string | null;
  document_reference: string | null;
  document_type: string | null;
  case_number: string | null;
  case_reference: string | null;
}

export async function dashboardFeed(ctx: UserContext, input: { page?: unknown; page_size?: unknown }) {
  const { user } = ctx;
  const p = parsePage(input);
  return ctx.db.transaction(async (trx) => {
    // Their own events, and the ones nobody did that concern them (a deadline of theirs expired or escalated).
    const base = trx('activity_events as e').where((q) =>
      q.where('e.actor_user_id', user.id).orWhereRaw('e.notify_user_ids @> array[?]::uuid[]', [user.id]),
    );
    const [{ total }] = await base.clone().count<{ total: number }[]>('* as total');
    const rows = await base
      .leftJoin('documents as d', (j) => j.on('d.id', 'e.entity_id').andOn('e.entity_type', trx.raw("'document'")))
      .leftJoin('document_types as t', 't.id', 'd.document_type_id')
      .leftJoin('cases as c', (j) => j.on('c.id', 'e.entity_id').andOn('e.entity_type', trx.raw("'case'")))
      .orderBy([
        { column: 'e.created_at', order: 'desc' },
        { column: 'e.seq', order: 'desc' },
      ])
      .limit(p.pageSize)
      .offset(p.offset)
      .select<FeedRow[]>(
        'e.id',
        'e.kind',
        'e.entity_type',
        'e.entity_id',
        'e.summary',
        'e.created_at',
        'd.official_number as document_number',
        'd.reference as document_reference',
        't.acronym as document_type',
        'c.case_number',
        'c.reference as case_reference',
      );
    const documentIds = [...new Set(rows.filter((r) => r.entity_type === 'document').map((r) => r.entity_id))];
    const visible = new Set<string>(
      documentIds.length
        ? await whereVisibleTo(documentsQuery(trx).whereIn('d.id', documentIds), trx, user).pluck('d.id')
        : [],
    );
    for (const r of rows) {
      if (r.entity_type === 'document' && !visible.has(r.entity_id)) {
        r.document_number = null;
        r.document_reference = null;
      }
    }
    return {
      items: rows.map((r) => ({
        event_id: r.id,
        kind: r.kind,
        occurred_at: iso(r.created_at),
        object:
          r.entity_type === 'document'
            ? {
                type: 'document' as const,
                id: r.entity_id,
                document_type: r.document_type,
                number: r.document_number,
                reference: r.document_reference,
              }
            : { type: 'case' as const, id: r.entity_id, number: r.case_number, reference: r.case_reference },
        description: r.summary,
      })),
      ...pageInfo(p, Number(total)),
    };
  });
}
