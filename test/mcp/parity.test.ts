/**
 * A tool and its REST twin give the same result: for each read tool with a twin, the same user
 * (Lucía, by an MCP token and by the demo API key) gets the same JSON through both.
 */
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { asIntegration, demoUser, request } from '../support/http.js';
import { createIntegrationDraft } from '../support/documents.js';
import { LUCIA, LUCIA_KEY, makeFixtures, type McpFixtures } from './fixtures.js';
import { clientWithToken, mcpToken } from './support.js';

type Json = Record<string, any>;

describe('MCP tools and their REST twins give the same result', function () {
  this.timeout(180_000);
  let client: Client;
  let f: McpFixtures;
  let draftId: string;
  let noteId: string;
  let documentsCursor: string;

  before(async () => {
    f = await makeFixtures();
    draftId = await createIntegrationDraft(LUCIA_KEY, { reference: 'Borrador para comparar' });
    client = await clientWithToken(await mcpToken(LUCIA));
    const inbox = await request('/api/v1/notes/received?page_size=100', { headers: asIntegration(LUCIA_KEY) });
    noteId = (inbox.body.notes as Json[]).find(
      (n) => n.official_number === f.noteNumber || n.note_number === f.noteNumber,
    )!.note_id;
    documentsCursor = (await request('/api/v1/documents/search?page_size=1', { headers: asIntegration(LUCIA_KEY) }))
      .body.next_cursor;
    assert.ok(documentsCursor, 'Lucía sees more than one document');
  });
  after(() => client?.close());

  const twins = (): [string, Json, string][] => [
    [
      'search_cases',
      { search: f.caseNumber, page_size: 5 },
      `/cases/search?search=${encodeURIComponent(f.caseNumber)}&page_size=5`,
    ],
    ['search_cases', {}, '/cases/search'],
    ['get_case', { case_id: f.caseId }, `/cases/${f.caseId}`],
    ['get_case', { case_id: f.caseId, include_documents: true }, `/cases/${f.caseId}?include_documents=true`],
    ['get_case_history', { case_id: f.caseId }, `/cases/${f.caseId}/history`],
    ['get_case_documents', { case_id: f.caseId }, `/cases/${f.caseId}/documents`],
    ['get_case_permissions', { case_id: f.caseId }, `/cases/${f.caseId}/permissions`],
    ['get_case_by_number', { case_number: f.caseNumber }, `/cases/by-number/${f.caseNumber}`],
    ['prepare_assignment', { case_id: f.caseId }, `/cases/${f.caseId}/prepare-assignment`],
    ['prepare_transfer', { case_id: f.caseId }, `/cases/${f.caseId}/prepare-transfer`],
    ['get_case_templates', {}, '/system/case-templates'],
    ['search_documents', { search: 'Borrador para comparar' }, '/documents/search?search=Borrador%20para%20comparar'],
    [
      'search_documents',
      { status: 'signed', page: 1, page_size: 3 },
      '/documents/search?status=signed&page=1&page_size=3',
    ],
    [
      'search_documents',
      { page_size: 1, cursor: documentsCursor },
      `/documents/search?page_size=1&cursor=${documentsCursor}`,
    ],
    ['get_document', { document_id: draftId }, `/documents/${draftId}`],
    ['get_document_content', { document_id: noteId }, `/documents/${noteId}/content`],
    ['get_pending_signatures', {}, '/documents/pending-signatures'],
    ['get_document_types', {}, '/system/document-types'],
    ['get_document_states', {}, '/system/document-states'],
    ['search_document_by_number', { document_number: f.noteNumber }, `/documents/search-official/${f.noteNumber}`],
    ['get_signature_details', { document_id: noteId }, `/documents/${noteId}/signature-details`],
    ['get_user_info', { user_id: demoUser('intendente') }, `/system/users/${demoUser('intendente')}`],
    ['search_users', { q: 'Fernández', limit: 5 }, '/system/users/search?q=Fern%C3%A1ndez&limit=5'],
    ['get_notes', { page_size: 100 }, '/notes/received?page_size=100'],
    ['get_notes', { unread_only: true }, '/notes/received?unread_only=true'],
    ['get_sent_notes', {}, '/notes/sent'],
    ['get_archived_notes', {}, '/notes/archived'],
    ['get_note_detail', { note_id: noteId }, `/notes/${noteId}`],
    ['search_records', { family_code: 'ARQ', page_size: 50 }, '/records/search?family_code=ARQ&page_size=50'],
    ['get_record', { record_id: f.recordId }, `/records/${f.recordId}`],
    ['get_registry_families', {}, '/registries'],
    // Refusals carry the same message.
    ['get_case', { case_id: '00000000-0000-4000-8000-000000000000' }, '/cases/00000000-0000-4000-8000-000000000000'],
    ['search_users', { q: 'a' }, '/system/users/search?q=a'],
    ['search_cases', { status: 'perdido' }, '/cases/search?status=perdido'],
    [
      'search_documents',
      { page_size: 2, cursor: documentsCursor },
      `/documents/search?page_size=2&cursor=${documentsCursor}`,
    ],
  ];

  it("answers every read tool with its REST twin's body (or error message)", async () => {
    const covered = new Set<string>();
    for (const [tool, args, path] of twins()) {
      const rest = async () => request(`/api/v1${path}`, { headers: asIntegration(LUCIA_KEY) });
      await rest(); // a read that records something (a note's first opening) happens before both compared reads
      const result = await client.callTool({ name: tool, arguments: args });
      const after = await rest();
      if (after.status === 200) {
        assert.ok(!result.isError, `${tool}: ${JSON.stringify(result.content)}`);
        assert.deepEqual(result.structuredContent, after.body, `${tool} ${JSON.stringify(args)}`);
      } else {
        assert.equal(result.isError, true, `${tool} ${JSON.stringify(args)} is refused like ${path}`);
        assert.equal((result.structuredContent as Json).error, after.body.error);
        assert.equal((result.structuredContent as Json).status, after.status);
      }
      covered.add(tool);
    }
    assert.equal(covered.size, 26, 'every read tool with a REST twin (all but list_my_tenants and get_agent_guide)');
  });
});
