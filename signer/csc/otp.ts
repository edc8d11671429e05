/**
 * One-time codes, the signer's explicit authorisation of each signing (sole control, SCAL2):
 *
 * - an e-mailed 6-digit code, asked for with credentials/getChallenge. The request may name the
 *   hashes to be signed (a vendor extension): the code then authorises those hashes and no others.
 *   A code lives `ttl` seconds, is good once, and `maxAttempts` wrong tries kill it (a new one
 *   must be asked for). A new request replaces the pending code.
 * - a TOTP code from the authenticator app enrolled with the credential: good once (its time
 *   step is remembered), and `maxAttempts` wrong tries in a row lock the method for `ttl` seconds.
 *
 * Only an HMAC of a pending code is kept, in `<dir>/otp/<credentialID>.json`, changed under the
 * folder's lock, so a restart keeps pending codes and two processes count tries together.
 */
import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { withLock, writeAtomic } from '../dev-pki.js';
import { CscFailure } from './errors.js';
import { readJson } from './store.js';
import { matchTotp } from './totp.js';

interface OtpState {
  email?: {
    mac: string;
    expiresAt: number;
    attemptsLeft: number;
    /** Sorted base64 hashes the code was asked for; absent: any. */
    hashes?: string[];
  };
  totp?: { usedStep: number; failures: number; lockedUntil: number };
}

export interface OtpPolicy {
  ttlSeconds: number;
  maxAttempts: number;
}

export const wrongCode = (description: string) => new CscFailure(400, 'invalid_otp', description);
export const deadCode = (description: string) => new CscFailure(400, 'expired_otp', description);

export class OtpBook {
  private readonly dir: string;
  private readonly key: Buffer;

  constructor(
    serviceDir: string,
    keysKey: Buffer,
    private readonly policy: OtpPolicy,
  ) {
    this.dir = path.join(serviceDir, 'otp');
    this.key = Buffer.from(hkdfSync('sha256', keysKey, Buffer.alloc(0), 'expediente-csc otp', 32));
  }

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
  }

  /** A new e-mailed code for the credential (replacing any pending one): the caller sends it. */
  async issue(
    credentialId: string,
    hashes: string[] | undefined,
    now: number,
  ): Promise<{ code: string; expiresAt: number }> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = now + this.policy.ttlSeconds * 1000;
    await this.change(credentialId, (state) => {
      state.email = {
        mac: this.mac(credentialId, code),
        expiresAt,
        attemptsLeft: this.policy.maxAttempts,
        ...(hashes ? { hashes: [...hashes].sort() } : {}),
      };
    });
    return { code, expiresAt };
  }

  /** Spends the pending e-mailed code on `hashes`, or throws the refusal. */
  async redeemEmailed(credentialId: string, code: string, hashes: string[], now: number): Promise<void> {
    await this.change(credentialId, (state) => {
      const pending = state.email;
      if (!pending)
        throw deadCode('No one-time code is pending for this credential: request one with credentials/getChallenge');
      if (now >= pending.expiresAt) {
        delete state.email;
        throw deadCode('The one-time code has expired: request a new one');
      }
      if (!this.matches(this.mac(credentialId, code), pending.mac)) {
        pending.attemptsLeft -= 1;
        if (pending.attemptsLeft <= 0) {
          delete state.email;
          throw wrongCode('The OTP is invalid; that was the last try: request a new code');
        }
        throw wrongCode(
          `The OTP is invalid (${pending.attemptsLeft} ${pending.attemptsLeft === 1 ? 'try' : 'tries'} left)`,
        );
      }
      // The right code, good once whatever follows.
      delete state.email;
      if (pending.hashes && !sameSet(pending.hashes, hashes)) {
        throw new CscFailure(
          400,
          'invalid_hash',
          'The one-time code was not issued for these hashes; it is spent: request a new one',
        );
      }
    });
  }

  /** Checks an authenticator (TOTP) code, or throws the refusal. */
  async redeemTotp(credentialId: string, secret: Buffer, code: string, now: number): Promise<void> {
    await this.change(credentialId, (state) => {
      const totp = (state.totp ??= { usedStep: -1, failures: 0, lockedUntil: 0 });
      if (now < totp.lockedUntil)
        throw deadCode('Too many wrong authenticator codes: try again later or ask for an e-mailed code');
      const step = /^\d{6}$/.test(code) ? matchTotp(secret, code, now, totp.usedStep) : undefined;
      if (step === undefined) {
        totp.failures += 1;
        if (totp.failures >= this.policy.maxAttempts) {
          totp.failures = 0;
          totp.lockedUntil = now + this.policy.ttlSeconds * 1000;
        }
        throw wrongCode('The OTP is invalid');
      }
      totp.usedStep = step;
      totp.failures = 0;
    });
  }

  async forget(credentialId: string): Promise<void> {
    await withLock(this.dir, () => rm(this.file(credentialId), { force: true }));
  }

  /** Reads, changes and writes the credential's state under the lock; a throw still writes the change (a spent try counts). */
  private async change(credentialId: string, fn: (state: OtpState) => void): Promise<void> {
    await withLock(this.dir, async () => {
      const file = this.file(credentialId);
      const state = (await readJson<OtpState>(file)) ?? {};
      let failure: unknown;
      try {
        fn(state);
      } catch (err) {
        failure = err;
      }
      await writeAtomic(file, `${JSON.stringify(state)}\n`, 0o600);
      if (failure) throw failure;
    });
  }

  private file(credentialId: string): string {
    return path.join(this.dir, `${credentialId}.json`);
  }

  private mac(credentialId: string, code: string): string {
    return createHmac('sha256', this.key).update(`${credentialId}:${code}`).digest('base64');
  }

  private matches(a: string, b: string): boolean {
    const x = Buffer.from(a, 'base64');
    const y = Buffer.from(b, 'base64');
    return x.length === y.length && timingSafeEqual(x, y);
  }
}

function sameSet(a: string[], b: string[]): boolean {
  const x = [...new Set(a)].sort();
  const y = [...new Set(b)].sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
}
