/**
 * Tenant onboarding from CSV: parse both files (every problem with its line), then write in one
 * transaction that is rolled back on any problem — or always, for a dry run, which therefore
 * reports exactly what a real run would do.
 */
import type { Db } from '../../db/connection.js';
import { tenantDb, type Tenant } from '../../db/tenancy.js';
import { applyImport, type ImportSummary } from './apply.js';
import { parseSectors, parseUsers, type Problem } from './parse.js';

export type { ImportSummary } from './apply.js';
export type { Problem } from './parse.js';

export class ImportRefused extends Error {
  constructor(readonly problems: Problem[]) {
    super(
      `nothing was imported; ${problems.length} problem(s):\n${problems.map((p) => `  ${p.file}:${p.line}: ${p.message}`).join('\n')}`,
    );
  }
}

export interface ImportFile {
  name: string;
  text: string;
}

class DryRun extends Error {
  constructor(readonly summary: ImportSummary) {
    super('dry run');
  }
}

export async function importTenant(
  db: Db,
  tenant: Tenant,
  files: { sectors?: ImportFile; users?: ImportFile },
  options: { dryRun?: boolean } = {},
): Promise<ImportSummary> {
  const problems: Problem[] = [];
  const sectors = files.sectors ? parseSectors(files.sectors.name, files.sectors.text, problems) : [];
  const users = files.users ? parseUsers(files.users.name, files.users.text, problems) : [];
  if (problems.length) throw new ImportRefused(problems);
  try {
    return await tenantDb(db, tenant).transaction(async (trx) => {
      const result = await applyImport(trx, sectors, users, files.users?.name ?? 'users');
      if (result.problems.length) throw new ImportRefused(result.problems);
      if (options.dryRun) throw new DryRun(result.summary);
      return result.summary;
    });
  } catch (err) {
    if (err instanceof DryRun) return err.summary;
    throw err;
  }
}
