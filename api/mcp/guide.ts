/** The answer of `get_agent_guide`: what each area is, the typical flows, the limits. */
export const AGENT_GUIDE = {
  title: 'expediente: guía para agentes / agent guide',
  language: 'Los datos y mensajes están en español. / Data and messages are in Spanish.',
  tenants:
    'Cada municipio es un tenant. Si list_my_tenants devuelve varios, pase tenant_id en cada llamada (si no: multi_tenant_selection_required). / Each municipality is a tenant; with several, pass tenant_id on every call.',
  areas: {
    cases:
      'Expedientes (EE-<año>-<secuencia>-<municipio>-<sector>): search_cases, get_case, get_case_history, get_case_documents, get_case_permissions, get_case_by_number, prepare_assignment, assign_case, prepare_transfer, get_case_templates; el índice foliado y firmado: get_case_index; el expediente completo (PDF y paquete BagIt): export_case (y export_case con export_id para seguirlo).',
    documents:
      'Documentos: borradores que se firman y quedan oficiales y numerados: create_document, save_document, propose_document, search_documents, get_document, get_document_content, get_pending_signatures, get_document_types, get_document_states, search_document_by_number, reject_document, reject_proposal, start_signing, get_signature_details, sign_batch (siempre rechaza: los agentes no firman / always refused: agents do not sign).',
    notes:
      'Notas entre sectores (documentos NOTA firmados): get_notes, get_sent_notes, get_archived_notes, get_note_detail.',
    records: 'Registros multipropósito agrupados en familias: search_records, get_record, get_registry_families.',
    people: 'Usuarios y municipios: get_user_info, search_users, list_my_tenants.',
  },
  flows: [
    "Redactar y enviar a firma / draft and send to signing: get_document_types → create_document → save_document (content, signers; el último firmante numera) → start_signing. Los firmantes firman en la aplicación; ninguna herramienta firma (sign_batch responde 403). Quien firma con certificado personal autoriza cada firma con un código que solo él recibe: un agente nunca puede autorizarla (get_signature_details muestra el certificado de cada firma personal). / Signers sign in the application; no tool signs (sign_batch answers 403). A signer with a personal certificate authorises each signature with a code only they receive: an agent can never authorise it (get_signature_details shows each personal signature's certificate).",
    'Enviar una nota / send a note: create_document con document_type_acronym "NOTA" y recipients {to, cc, bcc} (UUID de sectores) → save_document → start_signing.',
    'Asignar una tarea / assign a task: prepare_assignment → assign_case (target_sector_id, reason 5-500 caracteres, assigned_user_id opcional).',
    'Vincular un borrador a un expediente / link a draft to a case: propose_document; quien gestiona el expediente acepta o rechaza (reject_proposal).',
  ],
  limits: {
    arguments:
      "Solo los argumentos del esquema de cada herramienta (y tenant_id); uno desconocido se rechaza con 400 nombrando los aceptados. / Only the arguments in each tool's schema (and tenant_id); an unknown one is refused with 400 naming the accepted ones.",
    page_size: 'máximo 100, por defecto 20 / at most 100, default 20',
    cursor:
      "search_documents y search_cases: para seguir leyendo pase el next_cursor de la respuesta como cursor, con los mismos filtros y page_size y sin page; cada página cuesta lo que la primera. / To read on, pass the answer's next_cursor back as cursor with the same filters and page_size and no page; every page costs what the first one does.",
    search_users: 'q de al menos 2 caracteres; limit por defecto 10 / q at least 2 characters; limit default 10',
    reason: 'motivos de movimientos 5-500 caracteres / movement reasons 5-500 characters',
    long_operations:
      'start_signing, assign_case con providencia y export_case pueden tardar hasta 30 s; si siguen en curso la respuesta lo dice (status sent_to_sign / signing / pending). / may take up to 30 s; an answer says when still in progress.',
  },
  errors:
    'Los errores vuelven como resultado de herramienta con isError y el mismo mensaje que la API REST. / Errors come back as tool results with isError and the REST message.',
} as const;
