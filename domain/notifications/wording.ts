/**
 * What a notice says to its recipient, read when it is sent: null when it no longer applies (a
 * signature given meanwhile, a round that ended) or when the recipient may not read the document
 * (no longer among a memo's parties, no longer in a receiving sector, deactivated). Memos are
 * named by number, reference and sender only; no e-mail lists anyone else it was sent to.
 */
import type { TenantDb, Tx } from '../../db/tenancy.js';
import { memoParties, noteReaders, type Notice } from './notices.js';
import { formatMunicipalTime } from '../calendar.js';
import { loadSigners, roundViewOf, type DocumentStatus } from '../documents/records.js';
import { maySignNow, turnFacts } from '../../rules/signing.js';

export interface Recipient {
  fullName: string;
  email: string;
}

export interface NoticeText {
  /** The line of a digest and the subject of its own e-mail (after the municipality). */
  headline: string;
  lines: string[];
  /** The desk path the e-mail links to. */
  path: string;
}

interface Doc {
  id: string;
  reference: string;
  acronym: string;
  status: DocumentStatus;
  official_number: string | null;
  signing_round: number;
  signing_due_at: Date | null;
  created_by: string;
  creator_name: string;
  sector_name: string;
  rejected_by_name: string | null;
  rejection_reason: string | null;
}

export async function recipientOf(db: TenantDb, userId: string): Promise<Recipient | null> {
  const row = await db.transaction((trx) =>
    trx('users')
      .where({ id: userId, is_active: true })
      .first<{ full_name: string; email: string } | undefined>('full_name', 'email'),
  );
  return row ? { fullName: row.full_name, email: row.email } : null;
}

function when(date: Date, timeZone: string): string {
  return formatMunicipalTime(date, timeZone, { dateStyle: 'long', timeStyle: 'short' });
}

async function loadDoc(trx: Tx, documentId: string): Promise<Doc | undefined> {
  return trx('documents as d')
    .join('document_types as t', 't.id', 'd.document_type_id')
    .join('users as c', 'c.id', 'd.created_by')
    .join('sectors as s', 's.id', 'd.sector_id')
    .leftJoin('users as r', 'r.id', 'd.rejected_by')
    .where('d.id', documentId)
    .whereNull('d.deleted_at')
    .first<Doc | undefined>(
      'd.id',
      'd.reference',
      't.acronym',
      'd.status',
      'd.official_number',
      'd.signing_round',
      'd.signing_due_at',
      'd.created_by',
      'c.full_name as creator_name',
      's.name as sector_name',
      'r.full_name as rejected_by_name',
      'd.rejection_reason',
    );
}

/** The notice as its recipient reads it now, or null when it no longer applies to them. */
export async function noticeText(
  db: TenantDb,
  userId: string,
  notice: Notice,
  timeZone: string,
): Promise<NoticeText | null> {
  return db.transaction(async (trx) => {
    const doc = await loadDoc(trx, notice.documentId);
    if (!doc) return null;
    const title = `${doc.acronym} «${doc.reference}»`;
    const docPath = `/documentos/${doc.id}`;
    switch (notice.subject) {
      case 'signature_request': {
        if (doc.status !== 'sent_to_sign' || doc.signing_round !== notice.round) return null;
        // The request applies while the signing rules let the user sign now (a numerator's, once the others signed).
        const facts = turnFacts(roundViewOf(doc, await loadSigners(trx, doc.id)), userId);
        if (!maySignNow(facts)) return null;
        const lines = [`${doc.creator_name} (${doc.sector_name}) envió ${title} a firmar y espera su firma.`];
        if (facts.me?.isNumerator)
          lines.push('Usted es quien lo numera: los demás firmantes ya firmaron o no hay otros.');
        if (doc.signing_due_at) lines.push(`Plazo: ${when(doc.signing_due_at, timeZone)}.`);
        return { headline: `documento para firmar: ${title}`, lines, path: docPath };
      }
      case 'signed':
        if (doc.status !== 'signed' || !doc.official_number) return null;
        return {
          headline: `documento firmado: ${doc.official_number} «${doc.reference}»`,
          lines: [`${title} fue firmado por todos y oficializado con el número ${doc.official_number}.`],
          path: docPath,
        };
      case 'rejected':
        if (doc.status !== 'rejected' || doc.signing_round !== notice.round) return null;
        return {
          headline: `documento rechazado: ${title}`,
          lines: [
            `${doc.rejected_by_name ?? 'Un firmante'} rechazó ${title}.`,
            `Motivo: ${doc.rejection_reason ?? '(sin motivo)'}`,
          ],
          path: docPath,
        };
      case 'note':
        if (doc.status !== 'signed' || !(await noteReaders(trx, doc.id)).includes(userId)) return null;
        return {
          headline: `nota recibida: ${doc.official_number} «${doc.reference}»`,
          lines: [
            `Nota ${doc.official_number} «${doc.reference}» de ${doc.creator_name} (${doc.sector_name}) para su sector.`,
          ],
          path: `/notas?id=${doc.id}`,
        };
      case 'memo':
        if (doc.status !== 'signed' || !(await memoParties(trx, doc.id)).includes(userId)) return null;
        return {
          headline: `memorándum recibido: ${doc.official_number} «${doc.reference}»`,
          lines: [`Memorándum ${doc.official_number} «${doc.reference}» de ${doc.creator_name} (${doc.sector_name}).`],
          path: `/memos?id=${doc.id}`,
        };
    }
  });
}
