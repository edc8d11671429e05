/** Creating a tenant: registry row, schema, migrations, base catalog; safe to run again. */
import type { Db } from './connection.js';
import { upsertTenantRow, type NewTenant } from './control.js';
import { assertTenantSchemaName } from './identifiers.js';
import { migrateTenantSchema } from './migrate.js';
import { seedBaseCatalog } from './seed/base-catalog.js';
import { tenantDb, type Tenant } from './tenancy.js';

export async function createTenant(db: Db, input: NewTenant): Promise<{ tenant: Tenant; applied: string[] }> {
  assertTenantSchemaName(input.schema);
  if (!/^[A-Z0-9]{2,12}$/.test(input.municipalityCode)) {
    throw new Error(`invalid municipality code "${input.municipalityCode}": 2-12 uppercase letters or digits`);
  }
  const tenant = await upsertTenantRow(db, input);
  const applied = await migrateTenantSchema(db, tenant.schema);
  await tenantDb(db, tenant).transaction((trx) => seedBaseCatalog(trx));
  return { tenant, applied };
}
