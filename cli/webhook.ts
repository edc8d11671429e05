/**
 * `npm run webhook:<command> -- ...`: a municipality's webhook subscriptions from the operator's
 * console, through the same domain operations as the desk (domain/webhooks/). A secret is printed
 * once, on create and on rotation. Human-readable output; `--json` for scripts. The process must
 * share the API's WEBHOOK_SECRETS_KEY (or, outside production, its DATA_DIR) so both read the
 * secrets it seals.
 *
 *   webhook:list       -- [--tenant <schema>]                 (every tenant when omitted)
 *   webhook:create     -- --tenant <schema> --url <url> --events <type,type...> [--description "<text>"]
 *   webhook:update     -- --tenant <schema> --id <subscription id> [--url <url>] [--events <type,...>] [--description "<text>"]
 *                         [--enable | --disable] [--rotate-secret [--previous-secret-hours N]]
 *   webhook:delete     -- --tenant <schema> --id <subscription id>
 *   webhook:deliveries -- --tenant <schema> --id <subscription id> [--limit N] [--offset N]
 *   webhook:redeliver  -- --tenant <schema> --id <delivery attempt id>
 */
import type { Config } from '../config/index.js';
import { createDomainServices } from '../domain/services.js';
import { EVENT_TYPES } from '../domain/webhooks/catalog.js';
import { listDeliveries, requestRedelivery, type WebhookDeliveryView } from '../domain/webhooks/deliveries.js';
import {
  createSubscription,
  deleteSubscription,
  listSubscriptions,
  updateSubscription,
  type WebhookScope,
  type WebhookSubscriptionView,
} from '../domain/webhooks/subscriptions.js';
import type { Db } from '../db/connection.js';
import { listTenants } from '../db/control.js';
import { tenantDb } from '../db/tenancy.js';
import { withCliDatabase } from './database-url.js';
import { parseArgs } from 'node:util';
import { TENANT_FLAGS, commandOf, integerOption, requiredFlag, shortTime, table, tenantNamed } from './command-line.js';
import { UsageError, runCommand } from './operator-errors.js';

const COMMANDS = ['list', 'create', 'update', 'delete', 'deliveries', 'redeliver'] as const;
type Command = (typeof COMMANDS)[number];

const usage = `usage:
  npm run webhook:list       -- [--tenant <schema>] [--json]
  npm run webhook:create     -- --tenant <schema> --url <url> --events <type,type...> [--description "<text>"] [--json]
  npm run webhook:update     -- --tenant <schema> --id <subscription id> [--url <url>] [--events <type,...>] [--description "<text>"]
                                [--enable | --disable] [--rotate-secret [--previous-secret-hours N]] [--json]
  npm run webhook:delete     -- --tenant <schema> --id <subscription id> [--json]
  npm run webhook:deliveries -- --tenant <schema> --id <subscription id> [--limit N] [--offset N] [--json]
  npm run webhook:redeliver  -- --tenant <schema> --id <delivery attempt id> [--json]
event types: ${EVENT_TYPES.join(', ')}`;

function parse(argv: string[]) {
  const { command, flags } = commandOf(argv, COMMANDS, usage);
  const options = {
    ...TENANT_FLAGS,
    id: { type: 'string' },
    url: { type: 'string' },
    events: { type: 'string' },
    description: { type: 'string' },
    enable: { type: 'boolean' },
    disable: { type: 'boolean' },
    'rotate-secret': { type: 'boolean' },
    'previous-secret-hours': { type: 'string' },
    limit: { type: 'string' },
    offset: { type: 'string' },
  } as const;
  return { command, values: parseArgs({ args: flags, options }).values };
}

type Values = ReturnType<typeof parse>['values'];

const eventList = (raw: string | undefined) =>
  raw
    ?.split(',')
    .map((t) => t.trim())
    .filter(Boolean);

function subscriptionTable(items: (WebhookSubscriptionView & { tenant: string })[]): string {
  if (items.length === 0) return 'no webhook subscriptions';
  return table(
    ['TENANT', 'ID', 'STATUS', 'URL', 'EVENTS', 'DESCRIPTION', 'CREATED'],
    items.map((s) => [
      s.tenant,
      s.id,
      s.status === 'failing' ? `failing since ${shortTime(s.failing_since)}` : s.status,
      s.url,
      s.event_types.join(','),
      s.description || '-',
      shortTime(s.created_at),
    ]),
  );
}

function deliveryTable(items: WebhookDeliveryView[]): string {
  if (items.length === 0) return 'no delivery attempts';
  return table(
    ['ID', 'WHEN', 'EVENT', 'ATTEMPT', 'OUTCOME', 'STATUS', 'LATENCY', 'RESPONSE / ERROR'],
    items.map((d) => [
      d.id,
      shortTime(d.created_at),
      `${d.event_type} ${d.event_id}`,
      `${d.attempt}${d.manual ? ' (manual)' : ''}`,
      d.outcome,
      d.status_code === null ? '-' : String(d.status_code),
      `${d.latency_ms} ms`,
      (d.error ?? d.response_excerpt).replace(/\s+/g, ' ').slice(0, 60),
    ]),
  );
}

function describe(s: WebhookSubscriptionView, verb: string, tenant: string, secret?: string): string {
  return (
    `${verb} webhook ${s.id} for tenant ${tenant}: ${s.status}, ${s.url}\n  events: ${s.event_types.join(', ')}` +
    (s.previous_secret_expires_at
      ? `\n  previous secret signs too until ${shortTime(s.previous_secret_expires_at)}`
      : '') +
    (secret ? `\nsecret (shown only now; store it): ${secret}` : '')
  );
}

async function run(
  db: Db,
  config: Config,
  command: Command,
  values: Values,
): Promise<{ human: string; json: unknown }> {
  if (command === 'list') {
    const tenants = values.tenant ? [await tenantNamed(db, values.tenant, usage)] : await listTenants(db);
    const items = (
      await Promise.all(
        tenants.map(async (t) => (await listSubscriptions(tenantDb(db, t))).map((s) => ({ ...s, tenant: t.schema }))),
      )
    ).flat();
    return { human: subscriptionTable(items), json: items };
  }
  const tenant = await tenantNamed(db, values.tenant, usage);
  const scope: WebhookScope = { db: tenantDb(db, tenant), services: await createDomainServices(config), userId: null };
  switch (command) {
    case 'create': {
      const { subscription, secret } = await createSubscription(scope, {
        url: requiredFlag(values.url, '--url', usage),
        eventTypes: eventList(requiredFlag(values.events, '--events', usage)),
        description: values.description,
      });
      return { human: describe(subscription, 'created', tenant.schema, secret), json: { ...subscription, secret } };
    }
    case 'update': {
      if (values.enable && values.disable) throw new UsageError('--enable and --disable exclude each other');
      const { subscription, secret } = await updateSubscription(scope, requiredFlag(values.id, '--id', usage), {
        url: values.url,
        eventTypes: eventList(values.events),
        description: values.description,
        status: values.enable ? 'active' : values.disable ? 'disabled' : undefined,
        rotateSecret: values['rotate-secret'],
        previousSecretValidHours: integerOption(values['previous-secret-hours'], '--previous-secret-hours'),
      });
      return {
        human: describe(subscription, 'updated', tenant.schema, secret),
        json: secret ? { ...subscription, secret } : subscription,
      };
    }
    case 'delete': {
      const subscription = await deleteSubscription(scope.db, requiredFlag(values.id, '--id', usage));
      return {
        human: `deleted webhook ${subscription.id} (${subscription.url}) and its delivery history`,
        json: subscription,
      };
    }
    case 'deliveries': {
      const items = await listDeliveries(scope.db, requiredFlag(values.id, '--id', usage), {
        limit: integerOption(values.limit, '--limit'),
        offset: integerOption(values.offset, '--offset'),
      });
      return { human: deliveryTable(items), json: items };
    }
    case 'redeliver': {
      const queued = await requestRedelivery(scope.db, requiredFlag(values.id, '--id', usage), null);
      return {
        human: `event ${queued.event_id} will be sent once more (redelivery ${queued.redelivery_id})`,
        json: queued,
      };
    }
  }
}

async function main(): Promise<void> {
  const { command, values } = parse(process.argv.slice(2));
  const { human, json } = await withCliDatabase((db, config) => run(db, config, command, values));
  console.log(values.json ? JSON.stringify(json, null, 2) : human);
}

runCommand(main);
