/** Shapes of the backend answers the desk reads (spec: Backend interface). */
export interface SectorPermission { sector_id: string; name: string; acronym: string; can_view: boolean; can_edit: boolean; is_primary: boolean }
export interface Me { user_id: string; auth_id: string | null; full_name: string; email: string; role: string; is_admin: boolean; permissions: SectorPermission[] }
export interface PageInfo { total: number; page: number; page_size: number; total_pages?: number }
export type DocStatus = 'draft' | 'sent_to_sign' | 'signed' | 'rejected';
export interface UserDocument {
  document_id: string; reference: string; status: DocStatus; display_status: string; doc_type: 'draft' | 'official'; acronym: string;
  official_number: string | null; rol_usuario: 'creador' | 'firmante' | 'numerador' | 'otro'; usuario_ya_firmo: boolean;
  todos_firmantes_comunes_firmaron: boolean; created_at: string; last_modified_at: string;
}
export interface SignerItem { user_id: string; full_name: string; is_numerator: boolean; status?: string; signed_at?: string | null }
export interface Recipients { to: string[]; cc: string[]; bcc: string[] }
export interface DocumentDetails {
  document_id: string; document_type: { acronym: string; name: string }; reference: string; status: DocStatus; official_number: string | null;
  is_imported: boolean; created_by: { user_id: string; full_name: string }; created_at: string; last_modified_at: string;
  state_category: 'editing' | 'signing';
  editing?: { content: string | null; signers: SignerItem[]; recipients: unknown; proposed_case_ids: string[]; can_edit: boolean; is_creator: boolean; rejection: { rejected_by: string; reason: string; rejected_at: string } | null };
  signing?: { signature_status: string; signers: SignerItem[]; sent_to_sign_at: string | null; signed_at: string | null; current_user: { is_signer: boolean; is_numerator: boolean; has_signed: boolean; can_sign_now: boolean } };
}
export interface DirectoryUser { user_id: string; full_name: string; email: string; sector?: string; sector_acronym?: string }
export interface Stats { documents_by_status: Record<DocStatus, number>; pending_signatures: number; active_cases: number; recent_activity: { last_7_days: number; last_30_days: number } }
export interface FeedItem { event_id: string; kind: string; occurred_at: string; object: { type: 'document' | 'case'; id: string; number: string | null; reference: string | null; document_type?: string | null }; description: string }
