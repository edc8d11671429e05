/** Tokens for backend tests: real logins against the stack's identity provider, and forged ones. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { loginWithPassword } from '../identity/support/login.js';
import { getStack } from './hooks.js';

/** Creates (once) a password account at the identity provider. */
/**
 * The one password test suites give the demo users' provider accounts: an account is created once
 * per run (a second create is a 409 that keeps the first password), so every suite must agree.
 */
export const DEMO_ACCOUNT_PASSWORD = 'Clave-De-Prueba-1';

export async function ensureAccount(email: string, password: string, connection?: string): Promise<void> {
  const { idp } = getStack();
  const res = await fetch(`${idp.url}/dev/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-key': idp.adminKey },
    body: JSON.stringify({ email, email_verified: true, ...(connection ? { connection } : { password }) }),
  });
  if (res.status !== 201 && res.status !== 200 && res.status !== 409)
    throw new Error(`could not create account ${email}: ${res.status} ${await res.text()}`);
}

/** Authorization code + PKCE through the provider's login page. */
export async function userToken(email: string, password: string): Promise<string> {
  const { idp } = getStack();
  const tokens = await loginWithPassword({
    issuer: idp.issuer,
    clientId: idp.frontendClientId,
    redirectUri: idp.redirectUri,
    email,
    password,
  });
  return tokens.accessToken;
}

/** The provider's own signing key (read from its data folder), to forge tokens it would have signed. */
export async function providerSigningKey(): Promise<{
  key: Awaited<ReturnType<typeof importJWK>>;
  kid: string;
  publicPem: string;
}> {
  const file = path.join(getStack().config.dataDir, 'oidc', 'keys.json');
  const jwk = (JSON.parse(await readFile(file, 'utf8')) as { signing: JWK[] }).signing[0]!;
  const key = await importJWK(jwk, 'RS256');
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub } = jwk;
  const { createPublicKey } = await import('node:crypto');
  const publicPem = createPublicKey({ key: pub as never, format: 'jwk' })
    .export({ format: 'pem', type: 'spki' })
    .toString();
  return { key, kid: jwk.kid!, publicPem };
}

export interface ForgeOptions {
  email: string;
  sub?: string;
  audience?: string;
  issuer?: string;
  expiresIn?: string | number;
  /** Signs with a fresh key the provider never published. */
  unknownKey?: boolean;
  /** Default true, as the provider sets it for verified accounts. */
  emailVerified?: boolean;
}

export async function forgeToken(options: ForgeOptions): Promise<string> {
  const { idp } = getStack();
  const signer = options.unknownKey
    ? { key: (await generateKeyPair('RS256')).privateKey, kid: 'not-a-published-key' }
    : await providerSigningKey();
  const jwt = new SignJWT({ email: options.email, email_verified: options.emailVerified ?? true })
    .setProtectedHeader({ alg: 'RS256', kid: signer.kid, typ: 'at+jwt' })
    .setSubject(options.sub ?? `auth0|forged-${options.email}`)
    .setIssuer(options.issuer ?? idp.issuer)
    .setAudience(options.audience ?? idp.audience)
    .setIssuedAt();
  jwt.setExpirationTime(options.expiresIn ?? '10m');
  return jwt.sign(signer.key);
}

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An unsigned token (`alg: none`). */
export function unsignedToken(email: string): string {
  const { idp } = getStack();
  const now = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  const payload = b64url(
    JSON.stringify({ sub: 'auth0|none', email, iss: idp.issuer, aud: idp.audience, iat: now, exp: now + 600 }),
  );
  return `${header}.${payload}.`;
}

/** HS256 "signed" with the provider's public key as the HMAC secret (the classic key confusion). */
export async function hs256WithPublicKey(email: string): Promise<string> {
  const { idp } = getStack();
  const { publicPem, kid } = await providerSigningKey();
  const { createHmac } = await import('node:crypto');
  const now = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid }));
  const payload = b64url(
    JSON.stringify({ sub: 'auth0|hs', email, iss: idp.issuer, aud: idp.audience, iat: now, exp: now + 600 }),
  );
  const signature = createHmac('sha256', publicPem).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}
