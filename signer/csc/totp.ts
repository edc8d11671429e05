/**
 * RFC 6238 time-based one-time passwords (HMAC-SHA1, 30-second steps, 6 digits: what every
 * authenticator app uses by default), and the otpauth:// URI that enrols one. Small enough to
 * write out here rather than take a dependency for.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;

/** The code of time step `step` (RFC 4226 HOTP with the step as counter). */
export function hotp(secret: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const bin = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS;
  return bin.toString().padStart(DIGITS, '0');
}

export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

/**
 * The step `code` belongs to, allowing one step of clock drift either way, or undefined.
 * Steps at or before `usedStep` are refused: a code is good once.
 */
export function matchTotp(secret: Buffer, code: string, nowMs: number, usedStep = -1): number | undefined {
  const now = totpStep(nowMs);
  for (const step of [now, now - 1, now + 1]) {
    if (step > usedStep && hotp(secret, step) === code) return step;
  }
  return undefined;
}

export function newTotpSecret(): Buffer {
  return randomBytes(20);
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32(data: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of data) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Key URI format (Google Authenticator's, read by every app): label "issuer:account". */
export function otpauthUri(secret: Buffer, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${base32(secret)}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${DIGITS}&period=${TOTP_STEP_SECONDS}`;
}
