/** Reading registries and one record (spec "Registry family", "Record"). */
import type { UserContext } from '../context.js';
import { notFound } from '../errors.js';
import { familiesQuery, familyById, NO_PERMISSIONS, permissionsByFamily } from './families.js';
import { RECORD_MESSAGES } from './messages.js';
import { creatorOf, presentDetail, type Flavor } from './present.js';
import { requireRecord } from './rows.js';

export async function recordDetail(ctx: UserContext, recordId: string, flavor: Flavor) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const { record, family, permissions } = await requireRecord(trx, user, recordId, 'view');
    return presentDetail(flavor, record, family, permissions, await creatorOf(trx, record));
  });
}

/**
 * Active families the user has any permission on (a family no sector of theirs may use is noise
 * in a picker). Integration: `{code, name}`; backend: the family with record_count and permissions.
 */
export async function listRegistries(ctx: UserContext, flavor: Flavor) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const permissions = await permissionsByFamily(trx, user);
    const ids = [...permissions.entries()]
      .filter(([, p]) => p.can_view || p.can_create || p.can_edit || p.can_verify)
      .map(([id]) => id);
    const families = await familiesQuery(trx).whereIn('id', ids).where('is_active', true).orderBy('code');
    if (flavor === 'integration')
      return { registries: families.map((f) => ({ code: f.code, name: f.name })), total: families.length };
    const counts = new Map(
      (
        await trx('records')
          .whereIn(
            'family_id',
            families.map((f) => f.id),
          )
          .groupBy('family_id')
          .select<{ family_id: string; n: number }[]>('family_id', trx.raw('count(*)::int as n'))
      ).map((r) => [r.family_id, r.n]),
    );
    return {
      registries: families.map((f) => ({
        id: f.id,
        code: f.code,
        name: f.name,
        description: f.description,
        data_schema: f.data_schema,
        allowed_states: f.allowed_states,
        is_active: f.is_active,
        record_count: counts.get(f.id) ?? 0,
        permissions: permissions.get(f.id) ?? NO_PERMISSIONS,
      })),
      total: families.length,
    };
  });
}

/** One family with its data_schema; 404 when it does not exist or the user has no permission on it. */
export async function registryDetail(ctx: UserContext, registryId: string) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const family = await familyById(trx, registryId);
    const permissions = family ? (await permissionsByFamily(trx, user)).get(family.id) : undefined;
    if (
      !family ||
      !permissions ||
      !(permissions.can_view || permissions.can_create || permissions.can_edit || permissions.can_verify)
    ) {
      throw notFound(RECORD_MESSAGES.registryNotFound);
    }
    const [{ n }] = await trx('records')
      .where('family_id', family.id)
      .select<{ n: number }[]>(trx.raw('count(*)::int as n'));
    return {
      id: family.id,
      code: family.code,
      name: family.name,
      description: family.description,
      data_schema: family.data_schema,
      allowed_states: family.allowed_states,
      is_active: family.is_active,
      record_count: n,
      permissions,
    };
  });
}
