/** Archiving a received note: per receiving sector, by a member with rights in that sector. */
import type { UserContext } from '../context.js';
import { forbidden, notFound } from '../errors.js';
import { NOTE_MESSAGES } from './messages.js';
import { memberSectorIds, requireNote } from './records.js';

export interface ArchiveInput {
  archived: boolean;
  /** Integration names the sector; the backend may omit it (every receiving sector of the user). */
  sectorId?: string;
}

export async function archiveNote(ctx: UserContext, noteId: string, input: ArchiveInput) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const note = await requireNote(trx, noteId);
    const mine = memberSectorIds(user);
    if (input.sectorId !== undefined && !mine.includes(input.sectorId.toLowerCase()))
      throw forbidden(NOTE_MESSAGES.noSectorRights);
    const sectors = input.sectorId !== undefined ? [input.sectorId.toLowerCase()] : mine;
    const rows = await trx('note_recipients')
      .where('document_id', note.id)
      .whereNotNull('delivered_at')
      .whereIn('sector_id', sectors)
      .update({
        is_archived: input.archived,
        // A repeated archive keeps the first time.
        archived_at: input.archived ? trx.raw('coalesce(archived_at, now())') : null,
        archived_by: input.archived ? trx.raw('coalesce(archived_by, ?)', [user.id]) : null,
      })
      .returning<{ sector_id: string; archived_at: Date | null }[]>(['sector_id', 'archived_at']);
    if (rows.length === 0) {
      if (input.sectorId !== undefined) throw notFound(NOTE_MESSAGES.notReceivedBySector);
      throw forbidden(note.created_by === user.id ? NOTE_MESSAGES.onlyRecipientsArchive : NOTE_MESSAGES.noAccess);
    }
    return {
      noteId: note.id,
      archived: input.archived,
      archivedAt: rows[0]!.archived_at,
      sectorIds: rows.map((r) => r.sector_id),
    };
  });
}
