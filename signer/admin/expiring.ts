/**
 * Signing certificates near expiry, in the same shape as API keys (ExpiringItem) so one check
 * covers both. A certificate the service cannot open is listed too: it signs nothing either.
 */
import { CertificateStore } from '../certificates/store.js';
import type { ExpiringItem } from '../../lib/expiring.js';

const DAY_MS = 86_400_000;

export interface CertificateLocation {
  certsDir: string;
  passwordsFile: string | undefined;
  envPasswords: ReadonlyMap<string, string>;
}

export interface UnreadableCertificate {
  tenant: string;
  problem: string;
}

export async function expiringCertificates(
  location: CertificateLocation,
  options: { days: number; now?: Date },
): Promise<{ items: ExpiringItem[]; unreadable: UnreadableCertificate[] }> {
  const now = options.now ?? new Date();
  const store = new CertificateStore(location);
  const items: ExpiringItem[] = [];
  const unreadable: UnreadableCertificate[] = [];
  for (const tenant of await store.list()) {
    let c;
    try {
      c = await store.credentials(tenant);
    } catch (err) {
      unreadable.push({ tenant, problem: (err as Error).message });
      continue;
    }
    const left = c.notAfter.getTime() - now.getTime();
    if (Math.abs(left) > options.days * DAY_MS) continue;
    items.push({
      kind: 'signing_certificate',
      tenant,
      id: c.serialNumber,
      label: c.subject,
      expires_at: c.notAfter.toISOString(),
      status: left <= 0 ? 'expired' : 'expiring',
      days_left: Math.trunc(left / DAY_MS) + 0,
    });
  }
  return { items, unreadable };
}
