/**
 * Audit-only events of users (no webhook reports them): created, updated (the names of the
 * changed fields, never their values), deactivated or activated, and sector permissions changed
 * (the sectors whose permissions differ). `byUserId` is null for the console and for a user's own
 * first sign-in.
 */
import type { OutboxEvent } from '../webhooks/outbox.js';

const subject = (userId: string) => ({ kind: 'user' as const, id: userId });

export function userCreatedEvent(userId: string, byUserId: string | null): OutboxEvent<'user.created'> {
  return { type: 'user.created', subject: subject(userId), data: { user_id: userId, by_user_id: byUserId } };
}

export function userUpdatedEvent(
  userId: string,
  changedFields: string[],
  byUserId: string | null,
): OutboxEvent<'user.updated'> {
  return {
    type: 'user.updated',
    subject: subject(userId),
    data: { user_id: userId, changed_fields: changedFields, by_user_id: byUserId },
  };
}

/**
 * What changed between a user's row and the values written over it: `user.updated` for the
 * fields other than is_active, `user.activated`/`user.deactivated` for is_active.
 */
export function userChangeEvents(
  userId: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  byUserId: string | null,
): OutboxEvent[] {
  const changed = Object.keys(after).filter((k) => k !== 'is_active' && (before[k] ?? null) !== (after[k] ?? null));
  const events: OutboxEvent[] = [];
  if (changed.length) events.push(userUpdatedEvent(userId, changed, byUserId));
  if (after.is_active !== undefined && before.is_active !== after.is_active) {
    const type = after.is_active ? 'user.activated' : 'user.deactivated';
    events.push({ type, subject: subject(userId), data: { user_id: userId, by_user_id: byUserId } } as OutboxEvent<
      typeof type
    >);
  }
  return events;
}

export interface SectorPermission {
  sector_id: string;
  can_view: boolean;
  can_edit: boolean;
  is_primary: boolean;
}

/** `user.permissions_changed` naming the sectors added, removed or changed; none when equal. */
export function permissionsChangedEvents(
  userId: string,
  before: SectorPermission[],
  after: SectorPermission[],
  byUserId: string | null,
): OutboxEvent<'user.permissions_changed'>[] {
  const key = (p: SectorPermission) => `${p.can_view}/${p.can_edit}/${p.is_primary}`;
  const was = new Map(before.map((p) => [p.sector_id, key(p)]));
  const now = new Map(after.map((p) => [p.sector_id, key(p)]));
  const sectors = [...new Set([...was.keys(), ...now.keys()])].filter((id) => was.get(id) !== now.get(id)).sort();
  if (!sectors.length) return [];
  return [
    {
      type: 'user.permissions_changed',
      subject: subject(userId),
      data: { user_id: userId, sector_ids: sectors, by_user_id: byUserId },
    },
  ];
}
