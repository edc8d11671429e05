/**
 * Dashboard figures for the acting user: their documents by status (documents they created),
 * the signatures waiting for them, the active cases of their sectors and their own activity in
 * the last 7 and 30 days (municipal calendar days, today included).
 */
import { namedWindow } from '../calendar.js';
import type { UserContext } from '../context.js';
import { viewSectorIds } from '../documents/access.js';
import { countPendingSignatures } from '../documents/reads.js';
import { countOverdueSignatures } from '../deadlines/reads.js';

const STATUSES = ['draft', 'sent_to_sign', 'signed', 'rejected'] as const;

export async function dashboardStats(ctx: UserContext) {
  const { user } = ctx;
  const week = namedWindow('ultimos_7_dias', ctx.services.timeZone)!.from!;
  const month = namedWindow('ultimos_30_dias', ctx.services.timeZone)!.from!;
  const counts = await ctx.db.transaction(async (trx) => {
    const byStatus = await trx('documents')
      .where({ created_by: user.id })
      .whereNull('deleted_at')
      .groupBy('status')
      .select<{ status: string; count: string }[]>('status', trx.raw('count(*) as count'));
    const [cases] = await trx('cases')
      .where({ status: 'active', is_ready: true })
      .whereIn('owner_sector_id', viewSectorIds(user))
      .count<{ count: string }[]>('* as count');
    const [activity] = await trx('activity_events')
      .where('actor_user_id', user.id)
      .andWhere('created_at', '>=', month)
      .select<{ week: string; month: string }[]>(
        trx.raw('count(*) filter (where created_at >= ?) as week', [week]),
        trx.raw('count(*) as month'),
      );
    const pending = await countPendingSignatures(trx, user);
    const overdue = await countOverdueSignatures(trx, user);
    return {
      byStatus,
      pending,
      overdue,
      cases: Number(cases?.count ?? 0),
      week: Number(activity?.week ?? 0),
      month: Number(activity?.month ?? 0),
    };
  });
  const documentsByStatus = Object.fromEntries(
    STATUSES.map((s) => [s, Number(counts.byStatus.find((r) => r.status === s)?.count ?? 0)]),
  );
  return {
    documents_by_status: documentsByStatus,
    pending_signatures: counts.pending,
    overdue_signatures: counts.overdue,
    active_cases: counts.cases,
    recent_activity: { last_7_days: counts.week, last_30_days: counts.month },
  };
}
