/**
 * Signing keys and cookie secrets of the development provider. Generated on first start and
 * kept in `<dataDir>/keys.json` (mode 0600, under the git-ignored data folder), so tokens issued
 * before a restart still verify against the JWKS afterwards and browser sessions stay valid.
 */
import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { JsonFile } from './json-file.js';

export interface ProviderKeys {
  /** Private RS256 signing keys; the first one signs. */
  signing: JWK[];
  cookieKeys: string[];
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const;

export function publicJwk(key: JWK): JWK {
  const copy: JWK = { ...key };
  for (const member of PRIVATE_MEMBERS) delete copy[member];
  return copy;
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

export async function loadOrCreateKeys(file: string): Promise<ProviderKeys> {
  const store = new JsonFile<ProviderKeys>(file);
  const existing = await store.read();
  if (existing?.signing?.length && existing.cookieKeys?.length) return existing;
  const keys: ProviderKeys = { signing: [await newSigningKey()], cookieKeys: [randomBytes(32).toString('base64url')] };
  await store.save(() => keys);
  return keys;
}
