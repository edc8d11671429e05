/**
 * What the console commands share: a subcommand with its flags, whole-number flags, the tenant a
 * command names, and plain-text tables for people (`--json` is for scripts).
 */
import type { Db } from '../db/connection.js';
import { findTenantBySchema } from '../db/control.js';
import type { Tenant } from '../db/tenancy.js';
import { UsageError } from './operator-errors.js';

/** `<command> --flag …`: the command, which must be one of `commands`, and the flags after it. */
export function commandOf<C extends string>(
  argv: string[],
  commands: readonly C[],
  usage: string,
): { command: C; flags: string[] } {
  const [command, ...flags] = argv;
  if (!commands.includes(command as C)) throw new UsageError(usage);
  return { command: command as C, flags };
}

/** The flags every tenant command takes: which tenant, and `--json` output for scripts. */
export const TENANT_FLAGS = { tenant: { type: 'string' }, json: { type: 'boolean' } } as const;

/** A whole number from the command line; anything else is the operator's typo. */
export function integerOption(raw: string | undefined, flag: string): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw.trim())) throw new UsageError(`${flag} must be a whole number, got "${raw}"`);
  return Number(raw);
}

export function requiredFlag(value: string | undefined, flag: string, usage: string): string {
  if (!value?.trim()) throw new UsageError(`${flag} is required\n${usage}`);
  return value.trim();
}

/** The tenant `--tenant` names; `hint` tells the operator where to find the right one. */
export async function tenantNamed(db: Db, schema: string | undefined, usage: string, hint = ''): Promise<Tenant> {
  if (!schema) throw new UsageError(`--tenant is required\n${usage}`);
  const tenant = await findTenantBySchema(db, schema);
  if (!tenant) throw new UsageError(`tenant "${schema}" not found${hint ? ` (${hint})` : ''}`);
  return tenant;
}

/** A time as `YYYY-MM-DD HH:MMZ`, or `-`. */
export const shortTime = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')}Z` : '-');

/** Columns padded to their widest cell, two spaces apart. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [header, ...rows]
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
