/**
 * Where verification codes live: with the document (`document_verification_codes`, tenant
 * schema) and in the control schema's cross-tenant index (`control.verification_codes`,
 * `control.verification_renders`), written in the same transaction that stores the render.
 */
import { loadTrail, type TrailEntry } from './trail.js';
import type { Db } from '../../db/connection.js';
import { findTenantBySchema } from '../../db/control.js';
import { CONTROL_SCHEMA } from '../../db/identifiers.js';
import { tenantDb, type Tx } from '../../db/tenancy.js';
import type { DomainContext } from '../context.js';
import { iso } from '../documents/records.js';
import { generateVerificationCode, verificationUrl } from '../../lib/verification-code.js';

/** What the final render prints in its footer. */
export interface VerificationMark {
  code: string;
  url: string;
}

/**
 * The document's code (a later signing round keeps the code of the first), or a fresh one that
 * becomes the document's when `recordVerification` stores it with the render.
 */
export async function verificationMarkFor(ctx: DomainContext, documentId: string): Promise<VerificationMark> {
  const row = await ctx.db.transaction((trx) =>
    trx('document_verification_codes').where({ document_id: documentId }).first<{ code: string } | undefined>('code'),
  );
  const code = row?.code ?? generateVerificationCode();
  return { code, url: verificationUrl(ctx.services.publicUrl, code) };
}

/**
 * Stores the code with the document and indexes it, plus the SHA-256 of the render that prints
 * it. Repeats are harmless; a code already taken by another document (a 1-in-2^60 chance) fails
 * the step, and its retry renders with a new code.
 */
export async function recordVerification(
  trx: Tx,
  tenantSchema: string,
  documentId: string,
  code: string,
  renderSha256: string,
): Promise<void> {
  await trx('document_verification_codes').insert({ document_id: documentId, code }).onConflict('document_id').ignore();
  await trx
    .withSchema(CONTROL_SCHEMA)
    .table('verification_codes')
    .insert({ code, tenant_schema: tenantSchema, document_id: documentId })
    .onConflict('code')
    .ignore();
  const owner = await trx
    .withSchema(CONTROL_SCHEMA)
    .table('verification_codes')
    .where({ code })
    .first<{ tenant_schema: string; document_id: string }>('tenant_schema', 'document_id');
  if (owner?.tenant_schema !== tenantSchema || owner.document_id !== documentId)
    throw new Error('verification code collision; retry with a new code');
  await trx
    .withSchema(CONTROL_SCHEMA)
    .table('verification_renders')
    .insert({ sha256: renderSha256, code })
    .onConflict('sha256')
    .ignore();
}

export interface CodeLocation {
  code: string;
  tenantSchema: string;
  documentId: string;
}

export async function locateCode(db: Db, code: string): Promise<CodeLocation | undefined> {
  const row = await db
    .withSchema(CONTROL_SCHEMA)
    .table('verification_codes')
    .where({ code })
    .first<{ code: string; tenant_schema: string; document_id: string } | undefined>(
      'code',
      'tenant_schema',
      'document_id',
    );
  return row && { code: row.code, tenantSchema: row.tenant_schema, documentId: row.document_id };
}

/** The document whose render is one of these prefixes of an uploaded file. */
export async function locateRender(db: Db, sha256s: string[]): Promise<CodeLocation | undefined> {
  if (sha256s.length === 0) return undefined;
  const row = await db
    .withSchema(CONTROL_SCHEMA)
    .table('verification_renders as r')
    .join('verification_codes as c', 'c.code', 'r.code')
    .whereIn('r.sha256', sha256s)
    .first<{ code: string; tenant_schema: string; document_id: string } | undefined>(
      'c.code',
      'c.tenant_schema',
      'c.document_id',
    );
  return row && { code: row.code, tenantSchema: row.tenant_schema, documentId: row.document_id };
}

/**
 * A signer as the public sees them: their name, when and how they signed and, for a personal
 * signature, the certificate recorded as theirs — which the signed PDF carries for anyone
 * holding it. Nothing else of the user (no CUIT beyond the certificate's subject, no e-mail).
 */
export interface PublicSigner {
  name: string;
  signedAt: string | null;
  /** null: not signed. Signatures made before personal signatures existed are the seal. */
  signatureKind: SignatureKind | null;
  /** The personal signature's certificate as recorded (null for the seal). */
  certificate: { subject: string; sha256: string } | null;
}

export type SignatureKind = 'seal' | 'personal';

/**
 * What the public may know of an official document: its number, type, date, municipality and
 * signers — what the signed PDF itself shows anyone holding it. Never the reference, content,
 * sector, case or recipients.
 */
export interface PublicDocumentRecord {
  code: string;
  /** The issuing municipality (its logo heads the public page); never shown. */
  tenantId: string;
  documentNumber: string;
  documentType: string;
  documentTypeAcronym: string;
  officializedAt: string;
  municipality: string;
  city: string;
  signers: PublicSigner[];
  /** What happened to it, from its events (trail.ts). */
  trail: TrailEntry[];
  /** SHA-256 of the newest official revision. */
  officialSha256: string;
  /** SHA-256 of every official revision (the first, then each archive time-stamp renewal). */
  officialSha256s: string[];
  officialStorageKey: string;
}

/** The public record of an official document; undefined while it is not official (or deleted). */
export async function loadPublicRecord(db: Db, location: CodeLocation): Promise<PublicDocumentRecord | undefined> {
  const tenant = await findTenantBySchema(db, location.tenantSchema);
  if (!tenant) return undefined;
  return tenantDb(db, tenant).transaction(async (trx) => {
    const doc = await trx('documents as d')
      .join('document_types as t', 't.id', 'd.document_type_id')
      .join('document_verification_codes as v', 'v.document_id', 'd.id')
      .where({ 'd.id': location.documentId, 'v.code': location.code, 'd.status': 'signed' })
      .whereNull('d.deleted_at')
      .first<{ official_number: string; signed_at: Date; type_name: string; type_acronym: string } | undefined>(
        'd.official_number',
        'd.signed_at',
        't.name as type_name',
        't.acronym as type_acronym',
      );
    if (!doc) return undefined;
    // Renewals of the archive time-stamp add official revisions: the newest is shown, and a copy of any is the original.
    const files = await trx('document_files')
      .where({ document_id: location.documentId, kind: 'official' })
      .orderBy('revision', 'desc')
      .select<{ sha256: string; storage_key: string }[]>('sha256', 'storage_key');
    const file = files[0];
    if (!file) return undefined;
    const signers = await trx('document_signers as s')
      .join('users as u', 'u.id', 's.user_id')
      .leftJoin('signing_credentials as c', 'c.id', 's.certificate_id')
      .where('s.document_id', location.documentId)
      .orderBy('s.position')
      .select<SignerRow[]>('u.full_name', 's.signed_at', 's.signature_kind', 'c.subject', 'c.certificate_sha256');
    return {
      code: location.code,
      tenantId: tenant.id,
      documentNumber: doc.official_number,
      documentType: doc.type_name,
      documentTypeAcronym: doc.type_acronym,
      officializedAt: iso(doc.signed_at)!,
      municipality: tenant.displayName,
      city: tenant.city,
      signers: signers.map(publicSigner),
      trail: await loadTrail(trx, location.documentId, doc.type_acronym),
      officialSha256: file.sha256,
      officialSha256s: files.map((f) => f.sha256),
      officialStorageKey: file.storage_key,
    };
  });
}

interface SignerRow {
  full_name: string;
  signed_at: Date | null;
  signature_kind: SignatureKind | null;
  subject: string | null;
  certificate_sha256: string | null;
}

function publicSigner(s: SignerRow): PublicSigner {
  const kind = s.signed_at ? (s.signature_kind ?? 'seal') : null;
  return {
    name: s.full_name,
    signedAt: iso(s.signed_at),
    signatureKind: kind,
    certificate:
      kind === 'personal' && s.subject && s.certificate_sha256
        ? { subject: s.subject, sha256: s.certificate_sha256 }
        : null,
  };
}
