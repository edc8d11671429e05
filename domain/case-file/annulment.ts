/**
 * Annulling a document's folios, as on paper: the entry stays in the file with who annulled it,
 * when and why, and a new index version says so. Only an editor of the case's owner sector may.
 */
import { isUuid } from '../acting-user.js';
import type { UserContext } from '../context.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import { isResponsible, requireCase } from '../cases/access.js';
import { writeIndexVersion } from './entries.js';
import { CASE_FILE_MESSAGES } from './messages.js';
import { emitEvent } from '../webhooks/outbox.js';

export interface AnnulmentResult {
  case_id: string;
  document_id: string;
  version: number;
  annulled_at: string;
}

function requireReason(reason: unknown): string {
  if (typeof reason !== 'string' || !reason.trim()) throw badRequest(CASE_FILE_MESSAGES.reasonRequired);
  const text = reason.trim();
  if (text.length < 5 || text.length > 500) throw badRequest(CASE_FILE_MESSAGES.reasonLength);
  return text;
}

export async function annulFolio(
  ctx: UserContext,
  caseId: string,
  documentId: string,
  reason: unknown,
): Promise<AnnulmentResult> {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, user, caseId, { forUpdate: true });
    if (!isResponsible(user, c)) throw forbidden(CASE_FILE_MESSAGES.noAnnulPermission);
    const text = requireReason(reason);
    if (!isUuid(documentId)) throw notFound(CASE_FILE_MESSAGES.documentNotFoliated);
    const folio = await trx('case_folios')
      .where({ case_id: c.id, document_id: documentId.toLowerCase() })
      .forUpdate()
      .first<{ annulled_at: Date | null } | undefined>('annulled_at');
    if (!folio) throw notFound(CASE_FILE_MESSAGES.documentNotFoliated);
    if (folio.annulled_at) throw conflict(CASE_FILE_MESSAGES.alreadyAnnulled);
    const [row] = await trx('case_folios')
      .where({ case_id: c.id, document_id: documentId.toLowerCase() })
      .update({ annulled_at: trx.fn.now(), annulled_by: user.id, annulment_reason: text })
      .returning<{ annulled_at: Date }[]>('annulled_at');
    const version = await writeIndexVersion(trx, c.id, 'annulled');
    await trx('cases').where({ id: c.id }).update({ last_modified_at: trx.fn.now() });
    // In the audit chain (never the reason: ids only); its commit also wakes the case-file run, which seals the new version.
    await emitEvent(
      trx,
      'case.folio_annulled',
      { kind: 'case', id: c.id },
      {
        case_id: c.id,
        case_number: c.case_number,
        document_id: documentId.toLowerCase(),
        index_version: version,
        by_user_id: user.id,
      },
    );
    return {
      case_id: c.id,
      document_id: documentId.toLowerCase(),
      version,
      annulled_at: new Date(row!.annulled_at).toISOString(),
    };
  });
}
