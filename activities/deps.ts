/** What activities are built from; the worker creates these once per process. */
import { ApplicationFailure } from '@temporalio/common';
import type { Config } from '../config/index.js';
import type { Db } from '../db/connection.js';
import { findTenantBySchema } from '../db/control.js';
import { tenantDb, type TenantDb } from '../db/tenancy.js';
import type { Logger } from '../lib/log.js';

export interface ActivityDeps {
  db: Db;
  config: Config;
  log: Logger;
}

/** A tenant that does not exist will not appear by retrying: fail the activity for good. */
export async function requireTenantDb(deps: ActivityDeps, schema: string): Promise<TenantDb> {
  const tenant = await findTenantBySchema(deps.db, schema);
  if (!tenant) throw ApplicationFailure.nonRetryable(`unknown tenant "${schema}"`, 'UnknownTenant');
  return tenantDb(deps.db, tenant);
}
