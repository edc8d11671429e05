/**
 * What each kind of object is summarized from, as plain text, with the version of that content:
 *
 * - record: display name, registry and every filled field (`label: value`, notes);
 *   version `records.summary_source_version`, raised by a trigger when the name or data change.
 * - case: reference and type, then each linked document (type, number, reference and the start of
 *   its text); version `cases.summary_source_version`, raised when a document is linked or unlinked.
 * - memo: reference and text of the official MEMO, which never changes once official (version 1).
 */
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import type { DataSchema } from '../records/schema.js';
import { cutAtWord, htmlToText, squash } from './text.js';
import type { SummaryKind } from './types.js';

export interface SummarySource {
  /** The object's number (record, case or official number), for the run's search attribute. */
  number: string;
  text: string;
  version: number;
}

/** How much of each linked document's text a case summary reads. */
const CASE_DOCUMENT_CHARS = 1_500;

const sentence = (s: string) => (/[.!?…:]$/.test(s) ? s : `${s}.`);

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

async function recordSource(trx: Tx, id: string): Promise<SummarySource | undefined> {
  const row = await trx('records as r').join('registry_families as f', 'f.id', 'r.family_id').where('r.id', id).first<
    | {
        record_number: string;
        display_name: string;
        data: Record<string, { value?: unknown; notes?: unknown }>;
        version: string;
        family_name: string;
        data_schema: DataSchema;
      }
    | undefined
  >(
    'r.record_number',
    'r.display_name',
    'r.data',
    'r.summary_source_version as version',
    'f.name as family_name',
    'f.data_schema',
  );
  if (!row) return undefined;
  const lines = [sentence(squash(row.display_name)), sentence(`Legajo del ${row.family_name}`)];
  for (const [name, entry] of Object.entries(row.data ?? {})) {
    const value = squash(valueText(entry?.value));
    const notes = squash(valueText(entry?.notes));
    if (!value && !notes) continue;
    const label = row.data_schema?.[name]?.label ?? name;
    lines.push(sentence(`${label}: ${value}${value && notes ? ` (${notes})` : notes}`));
  }
  return { number: row.record_number, text: lines.join('\n'), version: Number(row.version) };
}

async function caseSource(trx: Tx, id: string): Promise<SummarySource | undefined> {
  const c = await trx('cases as c')
    .join('case_templates as t', 't.id', 'c.template_id')
    .where('c.id', id)
    .first<{ case_number: string; reference: string; version: string; template_name: string } | undefined>(
      'c.case_number',
      'c.reference',
      'c.summary_source_version as version',
      't.name as template_name',
    );
  if (!c) return undefined;
  const docs = await trx('case_documents as cd')
    .join('documents as d', 'd.id', 'cd.document_id')
    .join('document_types as dt', 'dt.id', 'd.document_type_id')
    .where('cd.case_id', id)
    .whereNull('d.deleted_at')
    // A memo linked to the case stays private to its parties: the case's summary, shown to every
    // viewer of the case, must not repeat it.
    .whereNot('dt.acronym', 'MEMO')
    // The cover only repeats the case's reference and template, the summary's first two lines.
    .whereNot('dt.acronym', 'CAEX')
    .orderBy([{ column: 'cd.linked_at' }, { column: 'd.id' }])
    .select<{ type_name: string; official_number: string | null; reference: string; content: string | null }[]>(
      'dt.name as type_name',
      'd.official_number',
      'd.reference',
      'd.content',
    );
  const lines = [sentence(squash(c.reference)), sentence(`Expediente de ${c.template_name}`)];
  for (const d of docs) {
    lines.push(sentence(`${d.type_name}${d.official_number ? ` ${d.official_number}` : ''}: ${squash(d.reference)}`));
    const body = d.content ? htmlToText(d.content) : '';
    if (body) lines.push(cutAtWord(body, CASE_DOCUMENT_CHARS));
  }
  return { number: c.case_number, text: lines.join('\n'), version: Number(c.version) };
}

async function memoSource(trx: Tx, id: string): Promise<SummarySource | undefined> {
  const memo = await trx('documents as d')
    .join('document_types as t', 't.id', 'd.document_type_id')
    .where({ 'd.id': id, 't.acronym': 'MEMO', 'd.status': 'signed' })
    .whereNull('d.deleted_at')
    .whereNotNull('d.official_number')
    .first<{ official_number: string; reference: string; content: string | null } | undefined>(
      'd.official_number',
      'd.reference',
      'd.content',
    );
  if (!memo) return undefined;
  const text = [sentence(squash(memo.reference)), memo.content ? htmlToText(memo.content) : '']
    .filter(Boolean)
    .join('\n');
  return { number: memo.official_number, text, version: 1 };
}

/** The object's summarized content, or undefined when it does not exist (or is not an official memo). */
export async function readSummarySource(trx: Tx, kind: SummaryKind, id: string): Promise<SummarySource | undefined> {
  if (!isUuid(id)) return undefined;
  if (kind === 'record') return recordSource(trx, id);
  if (kind === 'case') return caseSource(trx, id);
  return memoSource(trx, id);
}
