/**
 * `npm run apikey:<command> -- ...`: integration API keys from the operator's console, recorded in
 * the audit trail as "cli:<os user>". Human-readable output; `--json` for scripts.
 *
 *   apikey:create -- --tenant <schema> --name "<name>" (--users <uuid,uuid...> | --all-users) [--system-read] [--days N]
 *                    (--system-read: may read without X-User-ID; never memos, notes or unofficial documents)
 *   apikey:list   -- [--tenant <schema>]            (every tenant when omitted)
 *   apikey:revoke -- --tenant <schema> --id <key id>
 *   apikey:rotate -- --tenant <schema> --id <key id> [--overlap-hours N] [--days N]
 *   apikey:check  -- [--days 30]                    (unrevoked keys expiring within N days, or expired in the last N)
 */
import type { Config } from '../config/index.js';
import {
  cliActor,
  createKey,
  expiringApiKeys,
  listKeys,
  revokeKey,
  rotateKey,
  type ApiKeyScope,
  type ApiKeyView,
  type ExpiringItem,
} from '../domain/api-keys/index.js';
import type { Db } from '../db/connection.js';
import { listTenants } from '../db/control.js';
import { withCliDatabase } from './database-url.js';
import { parseArgs } from 'node:util';
import { TENANT_FLAGS, commandOf, integerOption, shortTime, table, tenantNamed } from './command-line.js';
import { UsageError, runCommand } from './operator-errors.js';

const COMMANDS = ['create', 'list', 'revoke', 'rotate', 'check'] as const;
type Command = (typeof COMMANDS)[number];

const usage = `usage:
  npm run apikey:create -- --tenant <schema> --name "<name>" (--users <uuid,...> | --all-users) [--system-read] [--days N] [--json]
  npm run apikey:list   -- [--tenant <schema>] [--json]
  npm run apikey:revoke -- --tenant <schema> --id <key id> [--json]
  npm run apikey:rotate -- --tenant <schema> --id <key id> [--overlap-hours N] [--days N] [--json]
  npm run apikey:check  -- [--days 30] [--json]`;

function parse(argv: string[]) {
  const { command, flags } = commandOf(argv, COMMANDS, usage);
  const options = {
    ...TENANT_FLAGS,
    name: { type: 'string' },
    users: { type: 'string' },
    'all-users': { type: 'boolean' },
    'system-read': { type: 'boolean' },
    days: { type: 'string' },
    id: { type: 'string' },
    'overlap-hours': { type: 'string' },
  } as const;
  return { command, values: parseArgs({ args: flags, options }).values };
}

function keyTable(keys: ApiKeyView[]): string {
  if (keys.length === 0) return 'no API keys';
  const rows = keys.map((k) => [
    k.tenant,
    k.id,
    k.name,
    `${k.prefix}…`,
    k.state,
    shortTime(k.created_at),
    shortTime(k.last_used_at),
    k.expires_at ? shortTime(k.expires_at) : 'never',
    k.all_users ? 'all' : String(k.user_ids.length),
    k.system_read ? `yes (${k.system_read_count}, last ${shortTime(k.last_system_read_at)})` : 'no',
  ]);
  return table(
    ['TENANT', 'ID', 'NAME', 'PREFIX', 'STATE', 'CREATED', 'LAST USED', 'EXPIRES', 'USERS', 'SYSTEM READ'],
    rows,
  );
}

function expiringTable(items: ExpiringItem[], days: number): string {
  if (items.length === 0) return `nothing expires within ${days} days`;
  return table(
    ['KIND', 'TENANT', 'ID', 'WHAT', 'EXPIRES', 'DAYS LEFT'],
    items.map((i) => [
      i.kind,
      i.tenant ?? '-',
      i.id,
      i.label,
      shortTime(i.expires_at),
      i.status === 'expired' ? `expired ${-i.days_left}d ago` : String(i.days_left),
    ]),
  );
}

function secretNotice(key: ApiKeyView, secret: string, verb: string): string {
  return (
    `${verb} API key "${key.name}" (${key.id}) for tenant ${key.tenant}, expires ${shortTime(key.expires_at)}\n` +
    `${key.state === 'rotating' ? `previous secret ${key.previous_prefix}… works until ${shortTime(key.previous_valid_until)}\n` : ''}` +
    `${key.system_read ? 'system scope: may read without X-User-ID (never memos, notes or unofficial documents)\n' : ''}` +
    `key (shown only now; store it): ${secret}`
  );
}

async function run(
  db: Db,
  config: Config,
  command: Command,
  values: ReturnType<typeof parse>['values'],
): Promise<{ human: string; json: unknown }> {
  const scopeFor = async (): Promise<ApiKeyScope> => ({
    db,
    tenant: await tenantNamed(db, values.tenant, usage, "npm run apikey:list shows every tenant's keys"),
    actor: cliActor(),
    policy: config.apiKeys,
  });
  switch (command) {
    case 'create': {
      if (!values.name) throw new UsageError(`--name is required\n${usage}`);
      const userIds = values.users
        ?.split(',')
        .map((u) => u.trim())
        .filter(Boolean);
      const { key, secret } = await createKey(await scopeFor(), {
        name: values.name,
        expiresInDays: integerOption(values.days, '--days'),
        userIds,
        allUsers: values['all-users'],
        systemRead: values['system-read'],
      });
      return { human: secretNotice(key, secret, 'created'), json: { ...key, key: secret } };
    }
    case 'list': {
      const tenants = values.tenant
        ? [await tenantNamed(db, values.tenant, usage, "npm run apikey:list shows every tenant's keys")]
        : await listTenants(db);
      const keys = (await Promise.all(tenants.map((t) => listKeys(db, t)))).flat();
      return { human: keyTable(keys), json: keys };
    }
    case 'revoke': {
      const { key, changed } = await revokeKey(await scopeFor(), values.id);
      return {
        human: changed
          ? `revoked API key "${key.name}" (${key.id})`
          : `API key "${key.name}" (${key.id}) was already revoked`,
        json: key,
      };
    }
    case 'rotate': {
      const { key, secret } = await rotateKey(await scopeFor(), values.id, {
        overlapHours: integerOption(values['overlap-hours'], '--overlap-hours'),
        expiresInDays: integerOption(values.days, '--days'),
      });
      return { human: secretNotice(key, secret, 'rotated'), json: { ...key, key: secret } };
    }
    case 'check': {
      const days = integerOption(values.days, '--days') ?? 30;
      const items = await expiringApiKeys(db, { days });
      return { human: expiringTable(items, days), json: items };
    }
  }
}

async function main(): Promise<void> {
  const { command, values } = parse(process.argv.slice(2));
  const { human, json } = await withCliDatabase((db, config) => run(db, config, command, values));
  console.log(values.json ? JSON.stringify(json, null, 2) : human);
}

runCommand(main);
