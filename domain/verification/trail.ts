/**
 * An official document's trail on its public page, like a certificate of completion: created,
 * sent to signing, each signature (signer's name, time) and officialized (number), read from the
 * document's own events in the outbox, the audit trail, in the order they were written. Only the
 * round that made the document official is shown: an earlier round was returned for correction
 * and its reason is not public. A memo's trail shows nothing its page does not already (its
 * signatures and officialization): when a private memo was drafted or sent is not public.
 */
import type { Tx } from '../../db/tenancy.js';
import { subjectOf } from '../webhooks/catalog.js';

export type TrailEvent = 'created' | 'sent_to_sign' | 'signed' | 'officialized';

export interface TrailEntry {
  event: TrailEvent;
  at: string;
  /** The signer's name (signed only). */
  signer: string | null;
  /** The official number (officialized only). */
  number: string | null;
}

const TYPES: Record<string, TrailEvent> = {
  'document.created': 'created',
  'document.sent_to_sign': 'sent_to_sign',
  'document.signed': 'signed',
  'document.officialized': 'officialized',
};
const MEMO_SHOWS: readonly TrailEvent[] = ['signed', 'officialized'];

interface Row {
  type: string;
  data: { round?: number; signer_user_id?: string; signed_at?: string; officialized_at?: string; number?: string };
  occurred_at: Date;
}

export async function loadTrail(trx: Tx, documentId: string, typeAcronym: string): Promise<TrailEntry[]> {
  const rows = await trx('webhook_events')
    .where({ subject: subjectOf('document', documentId) })
    .whereIn('type', Object.keys(TYPES))
    .orderBy('seq')
    .select<Row[]>('type', 'data', 'occurred_at');
  const round = rows.find((r) => r.type === 'document.officialized')?.data.round;
  const shown = rows
    .filter((r) => r.type === 'document.created' || r.data.round === round)
    .filter((r) => typeAcronym !== 'MEMO' || MEMO_SHOWS.includes(TYPES[r.type]!));
  const signerIds = [...new Set(shown.map((r) => r.data.signer_user_id).filter((id): id is string => !!id))];
  const names = new Map(
    (await trx('users').whereIn('id', signerIds).select<{ id: string; full_name: string }[]>('id', 'full_name')).map(
      (u) => [u.id, u.full_name],
    ),
  );
  return shown.map((r) => {
    const event = TYPES[r.type]!;
    const at = event === 'signed' ? r.data.signed_at : event === 'officialized' ? r.data.officialized_at : undefined;
    return {
      event,
      at: at ?? r.occurred_at.toISOString(),
      signer: event === 'signed' ? (names.get(r.data.signer_user_id!) ?? null) : null,
      number: event === 'officialized' ? (r.data.number ?? null) : null,
    };
  });
}
