/**
 * The Document Security Store (ISO 32000-2 §12.8.4.3, ETSI EN 319 142-1 §5.4): an incremental
 * update that puts certificates, OCSP responses and CRLs into the catalog's /DSS, with a /VRI
 * entry per signature or time-stamp naming what validates it. Runs in a document worker.
 *
 * An existing /DSS is extended, never replaced: its entries stay, and data already there
 * (same bytes) is referenced rather than stored twice — six signatures of one tenant share one
 * copy of the CA certificates.
 */
import { createHash } from 'node:crypto';
import type { PdfDocument } from '../pdf/document.js';
import { IncrementalUpdate } from '../pdf/incremental.js';
import { PdfDict, PdfRef, PdfStream, dict, name, type PdfObject } from '../pdf/objects.js';

export interface DssRequest {
  certs: Uint8Array[];
  ocsps: Uint8Array[];
  crls: Uint8Array[];
  /** Per signature: its VRI key (upper-case hex SHA-1 of its /Contents) and indexes into the lists above. */
  vri: { key: string; certs: number[]; ocsps: number[]; crls: number[] }[];
}

const KINDS = [
  ['certs', 'Certs', 'Cert'],
  ['ocsps', 'OCSPs', 'OCSP'],
  ['crls', 'CRLs', 'CRL'],
] as const;

export function buildDssUpdate(doc: PdfDocument, request: DssRequest): IncrementalUpdate {
  const update = new IncrementalUpdate(doc.reader);
  const rawDss = doc.catalog.get('DSS');
  const existing = doc.reader.resolveDict(rawDss);
  const dss = existing ? existing.clone() : dict({ Type: name('DSS') });

  const refsOf = {} as Record<(typeof KINDS)[number][0], PdfRef[]>;
  for (const [kind, key] of KINDS) {
    const current = doc.reader.resolve(dss.get(key));
    const list: PdfObject[] = Array.isArray(current) ? [...current] : [];
    const byHash = new Map<string, PdfRef>();
    for (const item of list) {
      const stream = item instanceof PdfRef ? doc.reader.resolve(item) : undefined;
      if (stream instanceof PdfStream && item instanceof PdfRef) byHash.set(sha256(doc.reader.decode(stream)), item);
    }
    refsOf[kind] = request[kind].map((bytes) => {
      const hash = sha256(bytes);
      let ref = byHash.get(hash);
      if (!ref) {
        ref = update.add(new PdfStream(dict({}), bytes));
        byHash.set(hash, ref);
        list.push(ref);
      }
      return ref;
    });
    if (list.length) dss.set(key, list);
  }

  if (request.vri.length) {
    const vri = doc.reader.resolveDict(dss.get('VRI'))?.clone() ?? new PdfDict();
    for (const entry of request.vri) {
      const item = dict({});
      for (const [kind, , vriKey] of KINDS) {
        const refs = [...new Set(entry[kind].map((i) => refsOf[kind][i]!))];
        if (refs.length) item.set(vriKey, refs);
      }
      vri.set(entry.key, update.add(item));
    }
    dss.set('VRI', update.add(vri));
  }

  // An indirect /DSS is rewritten in place; otherwise the catalog gets a new one.
  if (rawDss instanceof PdfRef) update.set(rawDss, dss);
  else update.set(doc.catalogRef, doc.catalog.clone().set('DSS', update.add(dss)));
  return update;
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
