/** What the MCP suites act on, made through REST by the demo users: a case, a delivered note, a record. */
import { sendNote } from '../support/communications.js';
import { createCase } from '../support/cases.js';
import { createRecord } from '../records/support.js';

/** The 38 tool names: the 35 of the spec's MCP interface, sign_batch, which always refuses, and the case file's get_case_index and export_case. */
export const SPEC_TOOLS = [
  'search_cases',
  'get_case',
  'get_case_history',
  'get_case_documents',
  'get_case_permissions',
  'get_case_by_number',
  'prepare_assignment',
  'assign_case',
  'prepare_transfer',
  'get_case_templates',
  'create_document',
  'save_document',
  'propose_document',
  'search_documents',
  'get_document',
  'get_document_content',
  'get_pending_signatures',
  'get_document_types',
  'get_document_states',
  'search_document_by_number',
  'reject_document',
  'reject_proposal',
  'start_signing',
  'get_signature_details',
  'get_user_info',
  'search_users',
  'list_my_tenants',
  'get_agent_guide',
  'get_notes',
  'get_sent_notes',
  'get_archived_notes',
  'get_note_detail',
  'search_records',
  'get_record',
  'get_registry_families',
  'sign_batch',
  'get_case_index',
  'export_case',
];

/** sign_batch's refusal (403): agents do not sign. */
export const AGENT_CANNOT_SIGN =
  'Las firmas se hacen en la aplicación: un agente no puede firmar documentos / Signatures are made in the application: an agent cannot sign documents';

export const LUCIA = 'lucia.fernandez@villaesperanza.gob.ar';
export const LUCIA_KEY = 'directora-obras';

export interface McpFixtures {
  caseId: string;
  caseNumber: string;
  noteNumber: string;
  recordId: string;
}

export async function makeFixtures(): Promise<McpFixtures> {
  const c = await createCase(LUCIA_KEY, { reference: `Permiso de obra MCP ${Date.now()}` });
  const note = await sendNote('intendente', { to: ['DOP'] }, { reference: `Nota para MCP ${Date.now()}` });
  const record = await createRecord(LUCIA_KEY, 'ARQ', `Arq. MCP ${Date.now()}`);
  return { caseId: c.case_id, caseNumber: c.case_number, noteNumber: note.number, recordId: record.id };
}
