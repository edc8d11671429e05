/**
 * Where webhooks may be sent. A subscription's URL is checked when it is registered (a clear 400)
 * and every connection is checked again when it is made (request-filtering-agent, see
 * delivery.ts), so a name that later resolves to an internal address is refused too.
 * Production: https only, public unicast addresses only. Elsewhere: http too, and loopback
 * (a receiver on the developer's machine).
 */
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export interface UrlPolicy {
  production: boolean;
}

/**
 * Addresses allowed besides public unicast ones (outside production: loopback). IPv6 loopback is
 * one address, listed as such: the agent matches a CIDR against addresses of both families and
 * warns on a mismatch.
 */
export function extraAllowedAddresses(policy: UrlPolicy): string[] {
  return policy.production ? [] : ['127.0.0.0/8', '::1'];
}

function allowedAddress(address: string, policy: UrlPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' || (!policy.production && range === 'loopback');
}

/** A registration waits this long at most for the name to resolve (a slow resolver must not hold a request). */
const LOOKUP_TIMEOUT_MS = 5_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms))),
  ]).finally(() => clearTimeout(timer));
}

/** Null when the URL may receive webhooks; otherwise why not (in Spanish, for the 400). */
export async function refusedWebhookUrl(raw: string, policy: UrlPolicy): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'La URL no es válida';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !policy.production)) {
    return policy.production ? 'La URL debe usar https' : 'La URL debe usar http o https';
  }
  if (url.username || url.password) return 'La URL no puede llevar usuario ni contraseña';
  if (url.hash) return 'La URL no puede llevar fragmento (#)';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host)
      ? [host]
      : (await withTimeout(lookup(host, { all: true, verbatim: true }), LOOKUP_TIMEOUT_MS)).map((a) => a.address);
  } catch {
    return `No se pudo resolver el nombre ${host}`;
  }
  const refused = addresses.find((a) => !allowedAddress(a, policy));
  return refused ? `La URL apunta a una dirección interna o reservada (${refused})` : null;
}
