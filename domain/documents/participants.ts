/**
 * Signers and recipients of a draft: validated and normalised before they are stored.
 * Recipients are sectors for NOTA and users for MEMO, given as `{to, cc, bcc}` or as a plain
 * list (meaning `to`); no other type takes recipients. Signers keep their order; the numerator,
 * whose signature assigns the official number, always signs last.
 */
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import { badRequest } from '../errors.js';
import type { Recipients } from './records.js';

export interface SignerInput {
  userId: string;
  isNumerator: boolean;
}

export interface DocumentTypeRow {
  id: string;
  acronym: string;
  name: string;
  number_prefix: string;
  signer_roles: string[] | null;
  is_active: boolean;
  /** Business days a round of this type gets when none is asked for (null: no deadline). */
  signing_due_business_days: number | null;
}

export const EMPTY_RECIPIENTS: Recipients = { to: [], cc: [], bcc: [] };

const KINDS = ['to', 'cc', 'bcc'] as const;

function idList(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every(isUuid)) throw badRequest(`${field} debe ser una lista de UUID`);
  return value.map((v) => v.toLowerCase());
}

export async function normalizeRecipients(trx: Tx, typeAcronym: string, raw: unknown): Promise<Recipients> {
  if (raw === undefined || raw === null) return { ...EMPTY_RECIPIENTS };
  let parsed: Recipients;
  if (Array.isArray(raw)) {
    parsed = { to: idList(raw, 'recipients'), cc: [], bcc: [] };
  } else if (typeof raw === 'object') {
    const obj = raw as Record<string, unknown>;
    const unknownKey = Object.keys(obj).find((k) => !(KINDS as readonly string[]).includes(k));
    if (unknownKey) throw badRequest('recipients debe ser una lista o un objeto {to, cc, bcc}');
    parsed = {
      to: idList(obj.to, 'recipients.to'),
      cc: idList(obj.cc, 'recipients.cc'),
      bcc: idList(obj.bcc, 'recipients.bcc'),
    };
  } else {
    throw badRequest('recipients debe ser una lista o un objeto {to, cc, bcc}');
  }
  // Deduplicate: a recipient appears once, in the most visible kind (to > cc > bcc).
  const seen = new Set<string>();
  const result = { ...EMPTY_RECIPIENTS };
  for (const kind of KINDS) result[kind] = parsed[kind].filter((id) => !seen.has(id) && seen.add(id));
  const ids = [...seen];
  if (ids.length === 0) return result;

  if (typeAcronym === 'NOTA') {
    const found = await trx('sectors').whereIn('id', ids).andWhere('is_active', true).pluck('id');
    const missing = ids.find((id) => !found.includes(id));
    if (missing) throw badRequest(`Sector destinatario no encontrado: ${missing}`);
  } else if (typeAcronym === 'MEMO') {
    const found = await trx('users').whereIn('id', ids).andWhere('is_active', true).pluck('id');
    const missing = ids.find((id) => !found.includes(id));
    if (missing) throw badRequest(`Usuario destinatario no encontrado: ${missing}`);
  } else {
    throw badRequest('recipients solo se admite en documentos NOTA (sectores) y MEMO (usuarios)');
  }
  return result;
}

export interface SignerPermission {
  canSign: boolean;
  reason: string;
}

export async function signerPermission(trx: Tx, userId: string, type: DocumentTypeRow): Promise<SignerPermission> {
  const user = isUuid(userId)
    ? await trx('users')
        .where({ id: userId })
        .first<{ full_name: string; role: string; is_active: boolean } | undefined>('full_name', 'role', 'is_active')
    : undefined;
  if (!user?.is_active) return { canSign: false, reason: 'Usuario inexistente o inactivo' };
  const sectors = await trx('user_sector_permissions as p')
    .join('sectors as s', 's.id', 'p.sector_id')
    .where({ 'p.user_id': userId, 's.is_active': true })
    .count<{ count: number }[]>('* as count');
  if (Number(sectors[0]?.count ?? 0) === 0) return { canSign: false, reason: 'El usuario no tiene un sector asignado' };
  if (!type.is_active) return { canSign: false, reason: `El tipo de documento ${type.acronym} no está activo` };
  if (type.signer_roles && !type.signer_roles.includes(user.role)) {
    return {
      canSign: false,
      reason: `Solo pueden firmar documentos ${type.acronym} usuarios con rol ${type.signer_roles.join(' o ')}`,
    };
  }
  return { canSign: true, reason: `El usuario puede firmar documentos ${type.acronym}` };
}

export async function normalizeSigners(trx: Tx, type: DocumentTypeRow, signers: SignerInput[]): Promise<SignerInput[]> {
  const seen = new Set<string>();
  for (const s of signers) {
    if (!isUuid(s.userId)) throw badRequest('signers contiene un user_id invalido');
    const id = s.userId.toLowerCase();
    if (seen.has(id)) throw badRequest(`Firmante duplicado: ${id}`);
    seen.add(id);
  }
  if (signers.filter((s) => s.isNumerator).length > 1) throw badRequest('Solo puede haber un firmante numerador');
  for (const s of signers) {
    const permission = await signerPermission(trx, s.userId, type);
    if (!permission.canSign) throw badRequest(`El usuario ${s.userId} no puede firmar: ${permission.reason}`);
  }
  const commons = signers.filter((s) => !s.isNumerator);
  const numerator = signers.filter((s) => s.isNumerator);
  return [...commons, ...numerator].map((s) => ({ userId: s.userId.toLowerCase(), isNumerator: s.isNumerator }));
}

export async function findDocumentType(trx: Tx, acronym: string): Promise<DocumentTypeRow | undefined> {
  return trx('document_types').where({ acronym: acronym.toUpperCase() }).first<DocumentTypeRow | undefined>();
}
