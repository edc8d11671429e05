/**
 * Public verification codes: 60 random bits written as 12 characters of Crockford's base32
 * (no I, L, O, U, so a code read aloud or typed from paper is unambiguous), shown in groups of
 * four (`7K3M-Q9XW-2HRT`). The code is the only thing the public needs to find a document, so
 * it must be unguessable rather than sequential.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 12;

/** A new code from crypto.randomBytes: 12 × 5 = 60 bits. */
export function generateVerificationCode(): string {
  const bytes = randomBytes(8);
  let value = bytes.readBigUInt64BE(0) >> 4n; // keep 60 bits
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) {
    code = ALPHABET[Number(value & 31n)] + code;
    value >>= 5n;
  }
  return code;
}

/** `7K3MQ9XW2HRT` → `7K3M-Q9XW-2HRT`. */
export function formatVerificationCode(code: string): string {
  return code.match(/.{1,4}/g)!.join('-');
}

/**
 * What a person typed → the stored form, or undefined when it cannot be a code. Crockford's
 * decoding rules: case-insensitive, hyphens and spaces ignored, O read as 0 and I/L as 1.
 */
export function normalizeVerificationCode(input: string): string | undefined {
  if (input.length > 40) return undefined;
  const code = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== CODE_LENGTH || [...code].some((c) => !ALPHABET.includes(c))) return undefined;
  return code;
}

/** The page the QR opens: `<publicUrl>/verificar/<code in groups>`. */
export function verificationUrl(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/verificar/${formatVerificationCode(code)}`;
}
