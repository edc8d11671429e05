/**
 * Custom search attributes: how an operator finds any run in the Temporal Web UI by tenant,
 * document number, case number or user (e.g. `Tenant="demo" AND DocumentNumber="INF-2026-..."`).
 * The dev server registers these at start (`--search-attribute`); an external cluster gets them
 * at worker start (worker/search-attributes.ts). SQL visibility stores allow at most 10 Keyword
 * attributes per namespace, so `Status` is shared by every workflow type. Safe to import from
 * workflow code.
 */
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

export const TENANT = defineSearchAttributeKey('Tenant', SearchAttributeType.KEYWORD);
export const DOCUMENT_ID = defineSearchAttributeKey('DocumentId', SearchAttributeType.KEYWORD);
export const DOCUMENT_TYPE = defineSearchAttributeKey('DocumentType', SearchAttributeType.KEYWORD);
export const DOCUMENT_NUMBER = defineSearchAttributeKey('DocumentNumber', SearchAttributeType.KEYWORD);
export const CASE_NUMBER = defineSearchAttributeKey('CaseNumber', SearchAttributeType.KEYWORD);
export const CASE_TEMPLATE = defineSearchAttributeKey('CaseTemplate', SearchAttributeType.KEYWORD);
export const OWNER_SECTOR = defineSearchAttributeKey('OwnerSector', SearchAttributeType.KEYWORD);
export const USER_EMAIL = defineSearchAttributeKey('UserEmail', SearchAttributeType.KEYWORD);
/** Business status of the run's subject (document status, provisioning status...). */
export const STATUS = defineSearchAttributeKey('Status', SearchAttributeType.KEYWORD);
export const RECORD_NUMBER = defineSearchAttributeKey('RecordNumber', SearchAttributeType.KEYWORD);
/**
 * The number of the object a SummaryWorkflow keeps summarized (record, case or memo number), e.g.
 * `SummaryOf="RLM-2026-00000001-MVE-ARQ"`. Its own attribute, so `CaseNumber="…"` still finds the
 * case's business runs only; a keyword list because the ten Keyword slots are taken.
 */
export const SUMMARY_OF = defineSearchAttributeKey('SummaryOf', SearchAttributeType.KEYWORD_LIST);

export const ALL_SEARCH_ATTRIBUTES = [
  TENANT,
  DOCUMENT_ID,
  DOCUMENT_TYPE,
  DOCUMENT_NUMBER,
  CASE_NUMBER,
  CASE_TEMPLATE,
  OWNER_SECTOR,
  USER_EMAIL,
  STATUS,
  RECORD_NUMBER,
  SUMMARY_OF,
] as const;
