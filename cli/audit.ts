/**
 * `npm run audit:verify -- --tenant <schema>` checks a municipality's audit chain (every event's
 * hash, every link, no gap) and each daily anchor's RFC 3161 time-stamp against the configured
 * trust roots, and names the first broken entry. Exit 0: intact; 3: broken or tampered with
 * (the problems printed); 2: a usage error. `npm run audit:anchor -- --tenant <schema>` anchors
 * the chain's head now, through the signing service (SIGNER_URL), as the daily schedule does.
 * `--json` for scripts.
 */
import { parseArgs } from 'node:util';
import { timestampDigest } from '../activities/signing-service.js';
import { loadConfig } from '../config/index.js';
import { anchorChain } from '../domain/audit/anchors.js';
import { verifyChain } from '../domain/audit/verify.js';
import { TrustAnchors } from '../domain/verification/trust.js';
import { createDb } from '../db/connection.js';
import { findTenantBySchema } from '../db/control.js';
import { tenantDb } from '../db/tenancy.js';
import { cliDatabaseUrl } from './database-url.js';
import { UsageError, runCommand } from './operator-errors.js';

const usage = `usage:
  npm run audit:verify -- --tenant <schema> [--json]
  npm run audit:anchor -- --tenant <schema> [--json]`;

/** Exit code of a chain found broken (1 is a crash, 2 a usage error). */
const BROKEN = 3;

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (command !== 'verify' && command !== 'anchor') throw new UsageError(usage);
  const { values } = parseArgs({
    args: rest,
    options: { tenant: { type: 'string' }, json: { type: 'boolean' } },
    strict: true,
  });
  if (!values.tenant) throw new UsageError(`--tenant is required\n${usage}`);
  const config = loadConfig();
  const db = createDb(await cliDatabaseUrl(config), { poolMax: 2, applicationName: 'expediente-cli' });
  try {
    const tenant = await findTenantBySchema(db, values.tenant);
    if (!tenant) throw new UsageError(`unknown tenant "${values.tenant}"`);
    const scoped = tenantDb(db, tenant);
    if (command === 'anchor') {
      const outcome = await anchorChain(scoped, (hash) => timestampDigest(config.signer, hash));
      console.log(
        values.json
          ? JSON.stringify(outcome, null, 2)
          : outcome.anchored
            ? `anchored entry ${outcome.position} (${outcome.hash}) at ${outcome.timestampedAt}`
            : outcome.reason === 'empty'
              ? 'nothing to anchor: the chain is empty'
              : 'nothing to anchor: no entry since the last anchor',
      );
      return;
    }
    const files = [
      ...config.verification.trustAnchorFiles,
      ...(config.verification.tenantTrustAnchorFiles[tenant.schema] ?? []),
    ];
    const report = await verifyChain(scoped, TrustAnchors.fromPemFiles(files));
    if (values.json) console.log(JSON.stringify(report, null, 2));
    else {
      console.log(
        `${tenant.schema}: ${report.entries} entries${report.head ? `, head ${report.head.position} ${report.head.hash}` : ''}; ${report.anchors.length} anchors (${report.anchors.filter((a) => a.valid).length} valid)`,
      );
      for (const p of report.problems) console.log(`BROKEN  ${p.message}`);
      if (report.ok) console.log('intact');
    }
    if (!report.ok) process.exitCode = BROKEN;
  } finally {
    await db.destroy();
  }
}

runCommand(main);
