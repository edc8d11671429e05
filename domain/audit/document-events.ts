/**
 * Audit-only events of a draft (no webhook reports them): edited, with the names of the fields
 * that changed, and deleted. A draft's reference and content may be private (a memo's), so no
 * value is ever written.
 */
import type { DocumentRow } from '../documents/records.js';
import type { OutboxEvent } from '../webhooks/outbox.js';

type Draft = Pick<DocumentRow, 'id' | 'type_acronym'>;

const subject = (doc: Draft) => ({ kind: 'document' as const, id: doc.id });

export function editedEvent(doc: Draft, byUserId: string, changedFields: string[]): OutboxEvent<'document.edited'> {
  return {
    type: 'document.edited',
    subject: subject(doc),
    data: { document_id: doc.id, document_type: doc.type_acronym, by_user_id: byUserId, changed_fields: changedFields },
  };
}

export function deletedEvent(doc: Draft, byUserId: string): OutboxEvent<'document.deleted'> {
  return {
    type: 'document.deleted',
    subject: subject(doc),
    data: { document_id: doc.id, document_type: doc.type_acronym, by_user_id: byUserId },
  };
}
