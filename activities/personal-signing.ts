/**
 * Personal signatures: the signer's certificate and key are held by a remote signing service (CSC
 * API v2). The first half prepares the revision with the signing service (placeholder, signed
 * attributes for the signer's certificate) and asks the remote service to send the signer a code
 * bound to the digest; the second half, given the code, obtains the SAD and the signature value,
 * has the signing service embed them with their time-stamp and validation data, and records the
 * signature. What the second half obtains is kept as soon as it exists (domain/signatures/
 * preparations.ts), so a retried attempt continues where the last one stopped and never signs twice.
 */
import type { AuthorizationRequest, AuthorizationResult } from '../contract/document-signing.js';
import { appFailure } from '../contract/failures.js';
import type { DomainContext, UserContext } from '../domain/context.js';
import { prepareSignature, recordSignature, type SignatureRequest } from '../domain/documents/signing.js';
import {
  credentialById,
  currentCredential,
  markCredentialsRevoked,
  saveCredential,
  type SigningCredential,
} from '../domain/signatures/credentials.js';
import { SIGNATURE_MESSAGES } from '../domain/signatures/messages.js';
import {
  dropPreparation,
  findPreparation,
  keepSad,
  keepSignatureValue,
  savePreparation,
  type Preparation,
  type PreparationKey,
} from '../domain/signatures/preparations.js';
import { CscError, type CscClient } from './csc/client.js';
import type { ActivityDeps } from './deps.js';
import { completePdfSignature, preparePdfSignature, type SigningServiceConfig } from './signing-service.js';
import type { PadesLevel } from '../config/index.js';

/** How long a code may be used: the remote service's own limit. */
export const CODE_LIFETIME_MS = 5 * 60_000;

/** The remote service's user ID for a platform user: user IDs are unique across tenants (UUIDs). */
export const remoteUserId = (userId: string) => userId;

export interface PersonalSigning {
  /** Prepares `request` for the acting user's personal signature and sends them a code (unless `sendCode` is false: a batch's). */
  request(
    ctx: UserContext,
    key: PreparationKey,
    request: SignatureRequest,
    options?: { sendCode?: boolean },
  ): Promise<AuthorizationRequest>;
  authorize(ctx: UserContext, key: PreparationKey, code: string): Promise<AuthorizationResult>;
  /** One code for several prepared signatures of the acting user (CSC numSignatures). */
  requestBatchCode(ctx: UserContext, keys: PreparationKey[]): Promise<AuthorizationRequest>;
  /** The batch's code: one SAD for all its digests, each signature value kept for its document's completion. */
  authorizeBatch(ctx: UserContext, keys: PreparationKey[], code: string): Promise<'signed' | 'wrong_code' | 'expired'>;
}

/** `levelOf`: the PAdES level of a signature, by whether it officializes (the numerator's). */
export function personalSigning(
  deps: Pick<ActivityDeps, 'remoteSigning'>,
  signer: SigningServiceConfig,
  levelOf: (officializes: boolean) => PadesLevel,
): PersonalSigning {
  const csc = deps.remoteSigning;

  async function request(
    ctx: UserContext,
    key: PreparationKey,
    request: SignatureRequest,
    options: { sendCode?: boolean } = {},
  ): Promise<AuthorizationRequest> {
    const credential = await ensureCredential(ctx, csc);
    const prepared = await preparePdfSignature(signer, {
      pdf: request.pdf!,
      fileName: request.fileName!,
      tenantId: ctx.tenant.schema,
      signer: request.signer!,
      ...(request.stamp ? { stamp: request.stamp } : {}),
      padesLevel: levelOf(Boolean(request.stamp)),
      signerCertificates: credential.chain,
    });
    const saved = await savePreparation(ctx, key, {
      baseRevision: request.baseRevision!,
      credentialId: credential.id,
      pdf: prepared.pdf,
      digest: prepared.digest,
    });
    if (credential.otpMethod === 'otp-email' && options.sendCode !== false) {
      await remote(() =>
        csc.requestCode(credential.credentialId, {
          hashes: [saved.digest],
          description: request.title ?? request.fileName!,
        }),
      );
    }
    return {
      method: credential.otpMethod,
      expiresAt: new Date(saved.codeRequestedAt.getTime() + CODE_LIFETIME_MS).toISOString(),
    };
  }

  async function authorize(ctx: UserContext, key: PreparationKey, code: string): Promise<AuthorizationResult> {
    // The revision's bytes are read only if the signature must be prepared again.
    const current = await prepareSignature(ctx, key.documentId, key.round, { withPdf: false });
    if (current.alreadySigned) {
      await dropPreparation(ctx, key);
      return { signedAt: current.signedAt! };
    }
    const prepared = await ctx.db.transaction((trx) => findPreparation(trx, key));
    if (!prepared) return { refused: 'no_code' };
    // Another signature was added since: what the code authorises is no longer the document's
    // latest revision. The signer authorises exactly what is signed, so a new code is needed.
    if (prepared.baseRevision !== current.baseRevision)
      return { renewed: await request(ctx, key, await prepareSignature(ctx, key.documentId, key.round)) };
    const credential = (await ctx.db.transaction((trx) => credentialById(trx, prepared.credentialId)))!;
    const values = await signatureValues(ctx, credential, [prepared], code);
    if (typeof values === 'string') return { refused: values };
    const [signature] = values;
    const pdf = await ctx.services.storage.get(prepared.storageKey);
    if (!pdf) throw new Error(`prepared signature ${prepared.storageKey} is missing`);
    const signed = await completePdfSignature(signer, {
      pdf,
      fileName: current.fileName!,
      tenantId: ctx.tenant.schema,
      signature: signature!,
      signerCertificates: credential.chain,
      padesLevel: levelOf(Boolean(current.stamp)),
    });
    const recorded = await recordSignature(ctx, key.documentId, {
      round: key.round,
      baseRevision: prepared.baseRevision,
      pdf: signed,
      credentialId: credential.id,
    });
    await dropPreparation(ctx, key);
    return { signedAt: recorded.signedAt };
  }

  /** The preparations of `keys`, all of one credential (the acting user's). */
  async function preparedAll(ctx: UserContext, keys: PreparationKey[]) {
    const prepared = await ctx.db.transaction(async (trx) => {
      const found = [];
      for (const key of keys) {
        const p = await findPreparation(trx, key);
        if (p) found.push(p);
      }
      return found;
    });
    if (prepared.length === 0) return undefined;
    const credential = (await ctx.db.transaction((trx) => credentialById(trx, prepared[0]!.credentialId)))!;
    return { prepared, credential };
  }

  async function requestBatchCode(ctx: UserContext, keys: PreparationKey[]): Promise<AuthorizationRequest> {
    const all = await preparedAll(ctx, keys);
    if (!all) throw appFailure(409, SIGNATURE_MESSAGES.noCredential);
    const { prepared, credential } = all;
    if (credential.otpMethod === 'otp-email') {
      await remote(() =>
        csc.requestCode(credential.credentialId, {
          hashes: prepared.map((p) => p.digest),
          description: `${prepared.length} documento${prepared.length === 1 ? '' : 's'} en un lote de firma`,
        }),
      );
    }
    // Good while every document's own wait is: five minutes from the first preparation.
    const first = Math.min(...prepared.map((p) => p.codeRequestedAt.getTime()));
    return { method: credential.otpMethod, expiresAt: new Date(first + CODE_LIFETIME_MS).toISOString() };
  }

  async function authorizeBatch(
    ctx: UserContext,
    keys: PreparationKey[],
    code: string,
  ): Promise<'signed' | 'wrong_code' | 'expired'> {
    const all = await preparedAll(ctx, keys);
    if (!all) return 'expired';
    const values = await signatureValues(ctx, all.credential, all.prepared, code);
    return typeof values === 'string' ? values : 'signed';
  }

  /**
   * The signature values of `prepared` (all of one credential), each kept as soon as it exists: a
   * SAD for all their digests from the code (kept too), then signHash. Kept values are answered
   * again, so a retried step asks the remote service nothing it already answered.
   */
  async function signatureValues(
    ctx: UserContext,
    credential: SigningCredential,
    prepared: Preparation[],
    code: string,
  ): Promise<Buffer[] | 'wrong_code' | 'expired'> {
    if (prepared.every((p) => p.signature)) return prepared.map((p) => p.signature!);
    const hashes = prepared.map((p) => p.digest);
    let sad = prepared.find((p) => p.sad)?.sad ?? null;
    if (!sad) {
      try {
        sad = (await csc.authorize(credential.credentialId, { hashes, otp: code })).sad;
      } catch (err) {
        const refusal = err instanceof CscError ? codeRefusal(err) : undefined;
        if (refusal) return refusal;
        throw remoteFailure(err);
      }
      for (const p of prepared) await keepSad(ctx, p, sad);
    }
    const sadValue = sad;
    const values = await remote(() => csc.signHash(credential.credentialId, { sad: sadValue, hashes }));
    for (const [i, p] of prepared.entries()) await keepSignatureValue(ctx, p, values[i]!);
    return values;
  }

  return { request, authorize, requestBatchCode, authorizeBatch };
}

/** Who a credential is for. */
export interface CredentialHolder {
  id: string;
  fullName: string;
  email: string;
}

/**
 * `user`'s current credential (default: the acting user): as recorded, else as the remote service
 * lists it, else (development provider) enrolled now. A revoked or unusable one is refused for good.
 */
export async function ensureCredential(
  ctx: UserContext,
  csc: CscClient,
  user: CredentialHolder = ctx.user,
): Promise<SigningCredential> {
  const recorded = await ctx.db.transaction((trx) => currentCredential(trx, user.id));
  if (recorded) return recorded;
  let [credentialId] = await remote(() => csc.listCredentials(remoteUserId(user.id)));
  if (!credentialId) {
    if (!csc.canEnrol) throw appFailure(409, SIGNATURE_MESSAGES.noCredential);
    const row = await ctx.db.transaction((trx) =>
      trx('users').where({ id: user.id }).first<{ cuit: string | null }>('cuit'),
    );
    // Stored as typed (20-12345678-9); the certificate carries its 11 digits.
    const cuit = row?.cuit?.replace(/\D/g, '') || null;
    ({ credentialId } = await remote(() =>
      csc.enrol({
        userId: remoteUserId(user.id),
        fullName: user.fullName,
        cuit,
        organization: ctx.tenant.displayName,
        email: user.email,
      }),
    ));
  }
  const info = await remote(() => csc.credentialInfo(credentialId!));
  if (info.status !== 'valid') throw appFailure(409, SIGNATURE_MESSAGES.credentialRevoked);
  return ctx.db.transaction((trx) =>
    saveCredential(trx, user.id, {
      credentialId: credentialId!,
      chain: info.certificates,
      subject: info.subjectDN,
      serialNumber: info.serialNumber,
      otpMethod: info.otpType === 'offline' ? 'totp' : 'otp-email',
    }),
  );
}

/** Revokes the user's credential at the remote service (development provider) and in our record. */
export async function revokeCredentials(ctx: DomainContext, csc: CscClient, userId: string): Promise<void> {
  if (csc.canEnrol) await remote(() => csc.revoke({ userId: remoteUserId(userId) }));
  await ctx.db.transaction((trx) => markCredentialsRevoked(trx, userId));
}

function codeRefusal(err: CscError): 'wrong_code' | 'expired' | undefined {
  if (err.kind === 'wrong_code') return 'wrong_code';
  if (err.kind === 'expired_code' || err.kind === 'no_code') return 'expired';
  return undefined;
}

/** The remote service refusing (4xx) will not change by retrying; anything else is retried. */
function remoteFailure(err: unknown): unknown {
  if (!(err instanceof CscError)) return err;
  if (err.kind === 'revoked') return appFailure(409, SIGNATURE_MESSAGES.credentialRevoked);
  if (err.kind === 'not_configured') return appFailure(409, SIGNATURE_MESSAGES.remoteNotConfigured);
  // Refused for good (a credential the provider does not know, a request it will not take): the
  // caller gets the provider's words, as a refusal rather than a failure of ours.
  return appFailure(409, `El servicio de firma remota rechazó la operación (${err.error}): ${err.description}`);
}

async function remote<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw remoteFailure(err);
  }
}
