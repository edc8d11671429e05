/**
 * `npm run cert:check -- [--days 30] [--json]`: signing certificates and API keys expiring within
 * N days or expired in the last N, one list (ExpiringItem), soonest first. Certificates the
 * signing service could not open are listed after it. Without a database only certificates are
 * checked, and it says so.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/index.js';
import { DEFAULT_EXPIRY_WINDOW_DAYS, expiringApiKeys, type ExpiringItem } from '../domain/api-keys/index.js';
import { expiringCertificates } from '../signer/admin/index.js';
import { loadSignerConfig, SignerConfigError } from '../signer/config.js';
import { createDb } from '../db/connection.js';
import { cliDatabaseUrl } from './database-url.js';

class UsageError extends Error {}

async function apiKeys(days: number): Promise<ExpiringItem[] | string> {
  let url: string;
  try {
    url = await cliDatabaseUrl(loadConfig());
  } catch (err) {
    return (err as Error).message;
  }
  const db = createDb(url, { poolMax: 1, applicationName: 'expediente-cert-check' });
  try {
    return await expiringApiKeys(db, { days });
  } catch (err) {
    return `API keys not checked: ${(err as Error).message}`;
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { days: { type: 'string' }, json: { type: 'boolean' } } });
  const raw = values.days ?? String(DEFAULT_EXPIRY_WINDOW_DAYS);
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > 3650)
    throw new UsageError(`--days must be a whole number from 1 to 3650, got "${raw}"`);
  const days = Number(raw);
  const signer = loadSignerConfig();
  const certs = await expiringCertificates(
    { certsDir: signer.certsDir, passwordsFile: signer.passwordsFile, envPasswords: signer.certPasswords },
    { days },
  );
  const keys = await apiKeys(days);
  const items = [...certs.items, ...(typeof keys === 'string' ? [] : keys)].sort((a, b) =>
    a.expires_at.localeCompare(b.expires_at),
  );
  if (values.json) {
    console.log(
      JSON.stringify(
        {
          items,
          unreadable_certificates: certs.unreadable,
          ...(typeof keys === 'string' ? { api_keys_unchecked: keys } : {}),
        },
        null,
        2,
      ),
    );
    return;
  }
  console.log(
    items.length
      ? `expiring within ${days} days or expired in the last ${days}:`
      : `nothing expires within ${days} days (certificates in ${signer.certsDir})`,
  );
  for (const i of items)
    console.log(
      `  ${i.status.padEnd(8)} ${String(i.days_left).padStart(5)}d  ${i.expires_at}  ${i.kind.padEnd(19)} ${i.tenant ?? '-'}  ${i.label}`,
    );
  for (const u of certs.unreadable) console.log(`  UNREADABLE signing_certificate ${u.tenant}: ${u.problem}`);
  if (typeof keys === 'string') console.log(`  (API keys not checked: ${keys})`);
}

main().catch((err: Error) => {
  const operator =
    err instanceof UsageError ||
    err instanceof SignerConfigError ||
    String((err as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS');
  console.error(operator ? err.message : (err.stack ?? err.message));
  process.exit(operator ? 2 : 1);
});
