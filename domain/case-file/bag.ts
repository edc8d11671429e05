/**
 * The BagIt package of a case-file export (RFC 8493, SHA-256 manifests), zipped under one top
 * directory named after the bag (the usual serialization: unzipped, it is a bag as bagit.py reads
 * it). Payload: the signed index as signed (data/index.pdf) and its machine-readable twin
 * (data/index.json), every official PDF byte for byte (data/documents/<position>-<number>.pdf) and
 * the audit trail of the case and its documents (data/audit.json).
 */
import { createHash } from 'node:crypto';
import { zipSync, type Zippable } from 'fflate';
import type { Tx } from '../../db/tenancy.js';
import type { ExportContents, ExportDocument } from './export.js';
import { EXPORT_MESSAGES, fileSafe } from './export.js';

export interface BagFile {
  /** Path inside the bag, `data/...` for the payload. */
  path: string;
  bytes: Uint8Array;
}

export interface BagInfo {
  sourceOrganization: string;
  externalIdentifier: string;
  externalDescription: string;
  internalSenderIdentifier: string;
  /** YYYY-MM-DD */
  baggingDate: string;
}

const hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const utf8 = (text: string) => new TextEncoder().encode(text);

/** A tag value on one line (RFC 8493 §2.2.2 allows folding; we never need it). */
const tagValue = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/** The tag files and the payload of a bag, every path relative to the bag's top directory. */
export function bagFiles(payload: BagFile[], info: BagInfo): BagFile[] {
  for (const f of payload)
    if (!f.path.startsWith('data/') || /[\r\n\\]|\/\.\.?\//.test(f.path))
      throw new Error(`invalid payload path ${f.path}`);
  const octets = payload.reduce((n, f) => n + f.bytes.length, 0);
  const manifest = payload.map((f) => `${hex(f.bytes)}  ${f.path}\n`).join('');
  const tags: BagFile[] = [
    { path: 'bagit.txt', bytes: utf8('BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n') },
    {
      path: 'bag-info.txt',
      bytes: utf8(
        `${[
          `Source-Organization: ${tagValue(info.sourceOrganization)}`,
          `External-Identifier: ${tagValue(info.externalIdentifier)}`,
          `External-Description: ${tagValue(info.externalDescription)}`,
          `Internal-Sender-Identifier: ${tagValue(info.internalSenderIdentifier)}`,
          `Bagging-Date: ${info.baggingDate}`,
          `Payload-Oxum: ${octets}.${payload.length}`,
        ].join('\n')}\n`,
      ),
    },
    { path: 'manifest-sha256.txt', bytes: utf8(manifest) },
  ];
  const tagmanifest = tags.map((f) => `${hex(f.bytes)}  ${f.path}\n`).join('');
  return [...tags, { path: 'tagmanifest-sha256.txt', bytes: utf8(tagmanifest) }, ...payload];
}

/** The bag zipped under `<name>/`: PDFs stored as they are (already compressed), text deflated. */
export function zipBag(name: string, files: BagFile[], mtime: Date): Uint8Array {
  const tree: Zippable = {};
  for (const f of files) tree[`${name}/${f.path}`] = [f.bytes, { level: f.path.endsWith('.pdf') ? 0 : 6, mtime }];
  return zipSync(tree);
}

export interface AuditEvent {
  position: number | null;
  seq: number;
  id: string;
  type: string;
  subject: string;
  occurred_at: string;
  data: unknown;
  prev_hash: string | null;
  hash: string | null;
}

/** The outbox events of the case and of the documents it carries, in the chain's order. */
export async function auditEvents(trx: Tx, caseId: string, documentIds: string[]): Promise<AuditEvent[]> {
  const subjects = [`case:${caseId}`, ...documentIds.map((id) => `document:${id}`)];
  const rows = await trx('webhook_events')
    .whereIn('subject', subjects)
    .orderByRaw('position asc nulls last, seq asc')
    .select<
      {
        position: string | null;
        seq: string;
        id: string;
        type: string;
        subject: string;
        occurred_at: Date;
        data: unknown;
        prev_hash: string | null;
        hash: string | null;
      }[]
    >('position', 'seq', 'id', 'type', 'subject', 'occurred_at', 'data', 'prev_hash', 'hash');
  return rows.map((r) => ({
    position: r.position === null ? null : Number(r.position),
    seq: Number(r.seq),
    id: r.id,
    type: r.type,
    subject: r.subject,
    occurred_at: r.occurred_at.toISOString(),
    data: r.data,
    prev_hash: r.prev_hash,
    hash: r.hash,
  }));
}

export const documentPath = (doc: ExportDocument) =>
  `data/documents/${doc.entry.position}-${fileSafe(doc.entry.number)}.pdf`;

/** data/index.json: the version as listed (entries unchanged), the case and the municipality, and what this export left out. */
export function indexJson(contents: ExportContents): string {
  const v = contents.version;
  return JSON.stringify(
    {
      municipality: { name: contents.tenant.municipality, code: contents.tenant.code, city: contents.tenant.city },
      case: { case_id: contents.case.id, case_number: contents.case.number, reference: contents.case.reference },
      index: {
        version: v.version,
        reason: v.reason,
        created_at: new Date(v.created_at).toISOString(),
        signed_at: v.signed_at ? new Date(v.signed_at).toISOString() : null,
        pdf_sha256: v.pdf_sha256,
        entries_sha256: v.entries_sha256,
        entries: v.entries,
      },
      export: {
        export_id: contents.exportId,
        signatures:
          'Cada PDF de data/documents es el PDF oficial tal como fue firmado: sus firmas se validan sobre esos bytes.',
        documents: contents.documents.map((d) => ({
          position: d.entry.position,
          document_id: d.entry.document_id,
          number: d.entry.number,
          included: d.included,
          file: d.included ? documentPath(d) : null,
          note: d.included ? null : EXPORT_MESSAGES.omittedMemo,
        })),
      },
    },
    null,
    2,
  );
}

/** The whole package for an export's contents, the official PDFs read through `pdfOf`. */
export async function buildBag(
  contents: ExportContents,
  audit: AuditEvent[],
  pdfOf: (doc: ExportDocument) => Promise<Buffer>,
  baggedAt: Date,
): Promise<Uint8Array> {
  const payload: BagFile[] = [
    { path: 'data/index.pdf', bytes: contents.indexPdf },
    { path: 'data/index.json', bytes: utf8(indexJson(contents)) },
  ];
  for (const doc of contents.documents)
    if (doc.included) payload.push({ path: documentPath(doc), bytes: await pdfOf(doc) });
  payload.push({
    path: 'data/audit.json',
    bytes: utf8(
      JSON.stringify({ case_id: contents.case.id, case_number: contents.case.number, events: audit }, null, 2),
    ),
  });
  const files = bagFiles(payload, {
    sourceOrganization: contents.tenant.municipality,
    externalIdentifier: contents.case.number,
    externalDescription: `Expediente ${contents.case.number}, índice versión ${contents.version.version}`,
    internalSenderIdentifier: contents.exportId,
    baggingDate: baggedAt.toISOString().slice(0, 10),
  });
  const name = `expediente-${fileSafe(contents.case.number)}-v${contents.version.version}`;
  return zipBag(name, files, baggedAt);
}
