/**
 * The credentials of the development remote signing service, one JSON file each under
 * `<dir>/credentials/`, with an index per user under `<dir>/users/` (file named by the SHA-256 of
 * the userID). Private keys (PKCS#8) and TOTP secrets are sealed with AES-256-GCM (sealed.ts);
 * nothing on disk is a plaintext key. Every write is a rename of a complete file and changes are
 * made under the folder's lock file, so two processes or a restart never see half a credential.
 */
import { createHash, createPrivateKey, generateKeyPair, randomUUID, type KeyObject } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { issuePersonCertificate, revokeCertificate, withLock, writeAtomic, type PersonSubject } from '../dev-pki.js';
import { certificateFacts, type CertificateFacts } from './certificate-info.js';
import type { KeyBox, Sealed } from './sealed.js';
import { newTotpSecret, otpauthUri } from './totp.js';

const generateRsa = promisify(generateKeyPair);

export interface Enrolment extends PersonSubject {
  /** The platform's name for the user (tenant-qualified user id). */
  userId: string;
  /** Where one-time codes are sent. */
  email: string;
}

export interface CredentialRecord extends Enrolment {
  credentialId: string;
  status: 'active' | 'revoked';
  createdAt: string;
  revokedAt?: string;
  /** base64 DER: the person's certificate, then its issuers (signing CA, root). */
  certificates: string[];
  facts: CertificateFacts;
  key: Sealed;
  totp: Sealed;
}

export class CredentialStore {
  private readonly credentialsDir: string;
  private readonly usersDir: string;

  constructor(
    readonly dir: string,
    private readonly pkiDir: string,
    private readonly box: KeyBox,
  ) {
    this.credentialsDir = path.join(dir, 'credentials');
    this.usersDir = path.join(dir, 'users');
  }

  async init(): Promise<void> {
    await mkdir(this.credentialsDir, { recursive: true, mode: 0o700 });
    await mkdir(this.usersDir, { recursive: true, mode: 0o700 });
  }

  async get(credentialId: string): Promise<CredentialRecord | undefined> {
    // Ids are UUIDs: anything else is not a file name to try.
    if (!/^[0-9a-f-]{36}$/.test(credentialId)) return undefined;
    return readJson<CredentialRecord>(path.join(this.credentialsDir, `${credentialId}.json`));
  }

  /** The user's credentials, newest first. */
  async listFor(userId: string): Promise<CredentialRecord[]> {
    const index = await readJson<{ credentialIds: string[] }>(this.userFile(userId));
    const records = await Promise.all((index?.credentialIds ?? []).map((id) => this.get(id)));
    return records.filter((r): r is CredentialRecord => r !== undefined).reverse();
  }

  usable(record: CredentialRecord, now: number): boolean {
    return record.status === 'active' && now < record.facts.notAfter;
  }

  /**
   * The user's usable credential, or a new one (key, certificate from the dev signing CA, TOTP
   * secret). A usable one is kept (its e-mail address follows the enrolment's); a revoked or
   * expired one is replaced. `otpauthUri` is given only when the credential is created.
   */
  async enrol(
    enrolment: Enrolment,
    now: number,
  ): Promise<{ record: CredentialRecord; created: boolean; otpauthUri?: string }> {
    return withLock(this.usersDir, async () => {
      const current = (await this.listFor(enrolment.userId)).find((r) => this.usable(r, now));
      if (current) {
        if (current.email !== enrolment.email) {
          current.email = enrolment.email;
          await this.write(current);
        }
        return { record: current, created: false };
      }
      const credentialId = randomUUID();
      const { publicKey, privateKey } = await generateRsa('rsa', { modulusLength: 2048 });
      const issued = await issuePersonCertificate({ dir: this.pkiDir }, { subject: enrolment, publicKey });
      const totpSecret = newTotpSecret();
      const record: CredentialRecord = {
        credentialId,
        userId: enrolment.userId,
        email: enrolment.email,
        fullName: enrolment.fullName,
        cuit: enrolment.cuit,
        organization: enrolment.organization,
        status: 'active',
        createdAt: new Date(now).toISOString(),
        certificates: [issued.certificate, ...issued.chain].map((d) => d.toString('base64')),
        facts: certificateFacts(issued.certificate),
        key: this.box.seal(privateKey.export({ format: 'der', type: 'pkcs8' }), credentialId),
        totp: this.box.seal(totpSecret, `${credentialId} totp`),
      };
      await this.write(record);
      const index = (await readJson<{ userId: string; credentialIds: string[] }>(this.userFile(enrolment.userId))) ?? {
        userId: enrolment.userId,
        credentialIds: [],
      };
      index.credentialIds.push(credentialId);
      await writeAtomic(this.userFile(enrolment.userId), `${JSON.stringify(index, null, 2)}\n`, 0o600);
      return { record, created: true, otpauthUri: otpauthUri(totpSecret, enrolment.email, 'expediente') };
    });
  }

  /**
   * Revokes the credential (or every active credential of the user): its certificate goes to the
   * dev PKI's revoked list (OCSP answers revoked, the next CRL lists it) and it signs no more.
   */
  async revoke(target: { credentialId: string } | { userId: string }, now: number): Promise<string[]> {
    return withLock(this.usersDir, async () => {
      const records =
        'credentialId' in target
          ? [await this.get(target.credentialId)].filter((r) => r !== undefined)
          : await this.listFor(target.userId);
      const revoked: string[] = [];
      for (const record of records) {
        if (record.status === 'revoked') continue;
        await revokeCertificate(
          { dir: this.pkiDir },
          {
            issuer: 'signing-ca',
            serial: record.facts.serialNumber,
            at: new Date(now),
            subject: `CN=${record.fullName}`,
          },
        );
        record.status = 'revoked';
        record.revokedAt = new Date(now).toISOString();
        await this.write(record);
        revoked.push(record.credentialId);
      }
      return revoked;
    });
  }

  privateKey(record: CredentialRecord): KeyObject {
    return createPrivateKey({ key: this.box.open(record.key, record.credentialId), format: 'der', type: 'pkcs8' });
  }

  totpSecret(record: CredentialRecord): Buffer {
    return this.box.open(record.totp, `${record.credentialId} totp`);
  }

  private write(record: CredentialRecord): Promise<void> {
    return writeAtomic(
      path.join(this.credentialsDir, `${record.credentialId}.json`),
      `${JSON.stringify(record, null, 2)}\n`,
      0o600,
    );
  }

  private userFile(userId: string): string {
    return path.join(this.usersDir, `${createHash('sha256').update(userId, 'utf8').digest('hex')}.json`);
  }
}

export async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
