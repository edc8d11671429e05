/**
 * Personal signatures in tests: the one-time codes the development remote signing service
 * e-mails (read from the stack's MailDev), a CSC client for the stack, and authenticator codes.
 */
import { CscClient } from '../../activities/csc/client.js';
import type { MaildevMessage } from '../../dev/maildev.js';
import { hotp, totpStep } from '../../signer/csc/totp.js';
import type { TestStack } from './stack.js';
import { until } from './until.js';

const CODE = /Código: (\d{6})/;

function codeMessages(messages: MaildevMessage[], email: string): MaildevMessage[] {
  const address = email.toLowerCase();
  return messages.filter((m) => m.to.some((t) => t.address.toLowerCase() === address) && CODE.test(m.text));
}

/** The newest one-time code e-mailed to `email` (waits until there is one). */
export async function signingCodeFor(
  stack: Pick<TestStack, 'mail'>,
  email: string,
  timeoutMs = 15_000,
): Promise<string> {
  const message = await until(
    `a signing code e-mailed to ${email}`,
    async () => codeMessages(await stack.mail.messages(), email).at(-1),
    timeoutMs,
  );
  return CODE.exec(message.text)![1]!;
}

/** The code of the e-mail that `request` makes the service send to `email` (never an earlier one). */
export async function newSigningCode(
  stack: Pick<TestStack, 'mail'>,
  email: string,
  request: () => Promise<unknown>,
  timeoutMs = 15_000,
): Promise<{ code: string; message: MaildevMessage }> {
  const seen = new Set(codeMessages(await stack.mail.messages(), email).map((m) => m.id));
  await request();
  const message = await until(
    `a new signing code e-mailed to ${email}`,
    async () => codeMessages(await stack.mail.messages(), email).find((m) => !seen.has(m.id)),
    timeoutMs,
  );
  return { code: CODE.exec(message.text)![1]!, message };
}

/** A CSC client of the stack's development service, as the worker has it. */
export function cscClient(stack: Pick<TestStack, 'config'>): CscClient {
  return new CscClient(stack.config.csc);
}

/** The authenticator app's code for the otpauth:// URI enrolment gave (RFC 6238), at `at`. */
export function totpCode(otpauthUri: string, at = Date.now()): string {
  const secret = new URL(otpauthUri).searchParams.get('secret');
  if (!secret) throw new Error('no secret in the otpauth URI');
  return hotp(fromBase32(secret), totpStep(at));
}

function fromBase32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const c of text.replace(/=+$/, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(c);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}
