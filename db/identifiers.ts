/** Names that end up inside SQL as identifiers are checked here, never interpolated raw. */
export const CONTROL_SCHEMA = 'control';

const SCHEMA_NAME = /^[a-z][a-z0-9_]{1,62}$/;
const RESERVED = new Set([CONTROL_SCHEMA, 'public', 'information_schema']);

export function isValidTenantSchemaName(name: string): boolean {
  return SCHEMA_NAME.test(name) && !RESERVED.has(name) && !name.startsWith('pg_');
}

export function assertTenantSchemaName(name: string): string {
  if (!isValidTenantSchemaName(name)) {
    throw new Error(
      `invalid tenant schema name "${name}": use lowercase letters, digits and _, starting with a letter`,
    );
  }
  return name;
}

/** Double-quoted identifier; only ever applied to names that passed the check above. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
