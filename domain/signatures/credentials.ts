/**
 * Each user's credential at the remote signing service, as the platform last learnt it (the
 * certificate chain, its subject and hash): signatures record which one made them, and the
 * verification of a signature checks the certificate it carries against it.
 */
import { createHash } from 'node:crypto';
import type { Tx } from '../../db/tenancy.js';

export type OtpMethod = 'otp-email' | 'totp';

export interface SigningCredential {
  id: string;
  userId: string;
  /** The remote service's credentialID. */
  credentialId: string;
  /** DER, the user's certificate first. */
  chain: Buffer[];
  subject: string;
  serialNumber: string;
  certificateSha256: string;
  otpMethod: OtpMethod;
  revokedAt: Date | null;
}

interface CredentialRow {
  id: string;
  user_id: string;
  credential_id: string;
  chain: Buffer[];
  subject: string;
  serial_number: string;
  certificate_sha256: string;
  otp_method: OtpMethod;
  revoked_at: Date | null;
}

const fromRow = (r: CredentialRow): SigningCredential => ({
  id: r.id,
  userId: r.user_id,
  credentialId: r.credential_id,
  chain: r.chain,
  subject: r.subject,
  serialNumber: r.serial_number,
  certificateSha256: r.certificate_sha256,
  otpMethod: r.otp_method,
  revokedAt: r.revoked_at,
});

export const certificateHash = (der: Uint8Array) => createHash('sha256').update(der).digest('hex');

export async function currentCredential(trx: Tx, userId: string): Promise<SigningCredential | undefined> {
  const row = await trx('signing_credentials')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .first<CredentialRow | undefined>();
  return row && fromRow(row);
}

export async function credentialById(trx: Tx, id: string): Promise<SigningCredential | undefined> {
  const row = await trx('signing_credentials').where({ id }).first<CredentialRow | undefined>();
  return row && fromRow(row);
}

/** Records the user's current credential; one already recorded for the same certificate is kept. */
export async function saveCredential(
  trx: Tx,
  userId: string,
  credential: { credentialId: string; chain: Buffer[]; subject: string; serialNumber: string; otpMethod: OtpMethod },
): Promise<SigningCredential> {
  const sha = certificateHash(credential.chain[0]!);
  const current = await currentCredential(trx, userId);
  if (current?.certificateSha256 === sha) return current;
  // Another certificate replaced the recorded one at the service: the recorded one is no longer current.
  if (current) await trx('signing_credentials').where({ id: current.id }).update({ revoked_at: trx.fn.now() });
  const [row] = await trx('signing_credentials')
    .insert({
      user_id: userId,
      credential_id: credential.credentialId,
      chain: credential.chain,
      subject: credential.subject,
      serial_number: credential.serialNumber,
      certificate_sha256: sha,
      otp_method: credential.otpMethod,
    })
    .returning<CredentialRow[]>('*');
  return fromRow(row!);
}

export async function markCredentialsRevoked(trx: Tx, userId: string): Promise<void> {
  await trx('signing_credentials')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .update({ revoked_at: trx.fn.now() });
}
