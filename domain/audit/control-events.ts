/**
 * Audit events of changes made in the control schema (API keys): the event is written into the
 * key's tenant's outbox, schema-qualified, inside the control change's own transaction, so the
 * change and its audit entry are committed together or not at all. The outbox trigger names the
 * transaction's current schema (the control one here) when it wakes the relay, so the tenant's
 * schema is named explicitly too; both notifications are sent only at commit.
 */
import type { Knex } from 'knex';
import type { Tenant } from '../../db/tenancy.js';
import { subjectOf, type AnyEventData, type AuditEventType } from '../webhooks/catalog.js';

/** The channel the worker's outbox relay LISTENs on (worker/outbox-relay.ts). */
const RELAY_CHANNEL = 'expediente_webhooks';

export type ApiKeyEventType = Extract<AuditEventType, `api_key.${string}`>;

export async function emitApiKeyEvent(
  trx: Knex,
  tenant: Tenant,
  type: ApiKeyEventType,
  apiKeyId: string,
  byUserId: string | null,
): Promise<void> {
  const data: AnyEventData<ApiKeyEventType> = { api_key_id: apiKeyId, by_user_id: byUserId };
  await trx
    .withSchema(tenant.schema)
    .table('webhook_events')
    .insert({ type, subject: subjectOf('api_key', apiKeyId), data: JSON.stringify(data) });
  await trx.raw('select pg_notify(?, ?)', [RELAY_CHANNEL, tenant.schema]);
}
