/**
 * Relations between records. A relation is stored once (source → target) and listed from both
 * ends; `direction` tells which end the listed record is. Related records of families the user
 * may not view are left out of the list.
 */
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import type { UserContext } from '../context.js';
import { iso } from '../documents/records.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { pageInfo, parsePage } from '../lists/pagination.js';
import { viewableFamilyIds } from './families.js';
import { actorOf, appendRecordHistory } from './history.js';
import { RECORD_MESSAGES } from './messages.js';
import { findRecord, requireRecord } from './rows.js';

export const RELATION_TYPES = ['parent', 'child', 'related', 'replaces', 'sibling', 'cousin'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

export interface CreateRelationInput {
  targetRecordId: string;
  relationType: RelationType;
  notes?: string | null;
}

export async function createRelation(ctx: UserContext, recordId: string, input: CreateRelationInput) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const { record } = await requireRecord(trx, user, recordId, 'edit');
    if (input.targetRecordId.toLowerCase() === record.id) throw badRequest(RECORD_MESSAGES.selfRelation);
    const target = await findRecord(trx, input.targetRecordId);
    if (!target || !(await viewableFamilyIds(trx, user)).includes(target.family_id))
      throw notFound(RECORD_MESSAGES.targetNotFound);
    const [row] = await trx('record_relations')
      .insert({
        source_record_id: record.id,
        target_record_id: target.id,
        relation_type: input.relationType,
        notes: input.notes ?? null,
        created_by: user.id,
      })
      .onConflict(['source_record_id', 'target_record_id', 'relation_type'])
      .ignore()
      .returning<{ id: string; created_at: Date }[]>(['id', 'created_at']);
    if (!row) throw conflict(RECORD_MESSAGES.relationExists);
    const summary = {
      relation_id: row.id,
      relation_type: input.relationType,
      source_record_id: record.id,
      target_record_id: target.id,
      target_record_number: target.record_number,
      notes: input.notes ?? null,
    };
    await appendRecordHistory(trx, {
      recordId: record.id,
      action: 'relation_created',
      after: summary,
      actor: actorOf(user),
    });
    await appendRecordHistory(trx, {
      recordId: target.id,
      action: 'relation_created',
      after: { ...summary, source_record_number: record.record_number },
      actor: actorOf(user),
    });
    return {
      relation_id: row.id,
      source_record_id: record.id,
      target_record_id: target.id,
      relation_type: input.relationType,
      notes: input.notes ?? null,
      created_at: iso(row.created_at),
    };
  });
}

export async function deleteRelation(ctx: UserContext, recordId: string, relationId: string) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const { record } = await requireRecord(trx, user, recordId, 'edit');
    if (!isUuid(relationId)) throw notFound(RECORD_MESSAGES.relationNotFound);
    const [row] = await trx('record_relations')
      .where('id', relationId)
      .andWhere((w) => w.where('source_record_id', record.id).orWhere('target_record_id', record.id))
      .delete()
      .returning<
        {
          id: string;
          source_record_id: string;
          target_record_id: string;
          relation_type: string;
          notes: string | null;
        }[]
      >(['id', 'source_record_id', 'target_record_id', 'relation_type', 'notes']);
    if (!row) throw notFound(RECORD_MESSAGES.relationNotFound);
    const before = {
      relation_id: row.id,
      relation_type: row.relation_type,
      source_record_id: row.source_record_id,
      target_record_id: row.target_record_id,
      notes: row.notes,
    };
    for (const id of [row.source_record_id, row.target_record_id]) {
      await appendRecordHistory(trx, { recordId: id, action: 'relation_deleted', before, actor: actorOf(user) });
    }
    return { removed: true, relation_id: row.id };
  });
}

interface RelationListRow {
  id: string;
  relation_type: RelationType;
  notes: string | null;
  created_at: Date;
  direction: 'outgoing' | 'incoming';
  other_id: string;
  record_number: string;
  display_name: string;
  state: string;
  resume: string | null;
  registry_code: string;
  registry_name: string;
}

/** Relations of the record from both ends, newest first; other records limited to viewable families. */
export async function relationsOf(trx: Tx, recordId: string, viewable: string[] | null, limit: number, offset: number) {
  const both = trx.raw(
    `select id, relation_type, notes, created_at, 'outgoing' as direction, target_record_id as other_id from record_relations where source_record_id = ?
     union all
     select id, relation_type, notes, created_at, 'incoming', source_record_id from record_relations where target_record_id = ?`,
    [recordId, recordId],
  );
  const query = trx
    .from(trx.raw('(?) as rel', [both]))
    .join('records as o', 'o.id', 'rel.other_id')
    .join('registry_families as f', 'f.id', 'o.family_id');
  if (viewable) query.whereIn('o.family_id', viewable);
  const [{ total }] = await query.clone().count<{ total: number }[]>('* as total');
  const rows = await query
    .orderBy([{ column: 'rel.created_at', order: 'desc' }, { column: 'rel.id' }])
    .offset(offset)
    .limit(limit)
    .select<RelationListRow[]>(
      'rel.*',
      'o.record_number',
      'o.display_name',
      'o.state',
      'o.resume',
      'f.code as registry_code',
      'f.name as registry_name',
    );
  return {
    total: Number(total),
    relations: rows.map((r) => ({
      relation_id: r.id,
      relation_type: r.relation_type,
      direction: r.direction,
      notes: r.notes,
      created_at: iso(r.created_at),
      related_record: {
        id: r.other_id,
        record_number: r.record_number,
        display_name: r.display_name,
        state: r.state,
        registry_code: r.registry_code,
        registry_name: r.registry_name,
        resume: r.resume,
      },
    })),
  };
}

export async function listRelations(
  ctx: UserContext,
  recordId: string,
  query: { page?: unknown; page_size?: unknown },
) {
  const { user } = ctx;
  const p = parsePage(query, 20, 100);
  return ctx.db.transaction(async (trx) => {
    const { record } = await requireRecord(trx, user, recordId, 'view');
    const { total, relations } = await relationsOf(
      trx,
      record.id,
      await viewableFamilyIds(trx, user),
      p.pageSize,
      p.offset,
    );
    return { relations, ...pageInfo(p, total) };
  });
}
