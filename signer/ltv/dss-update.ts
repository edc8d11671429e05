/**
 * The Document Security Store (ISO 32000-2 §12.8.4.3, ETSI EN 319 142-1 §5.4): an incremental
 * update that puts certificates, OCSP responses and CRLs into the catalog's /DSS, with a /VRI
 * entry per signature or time-stamp naming what validates it. Runs in a document worker.
 *
 * An existing /DSS is extended, never replaced: its entries stay, and data already there
 * (same bytes) is referenced rather than stored twice — six signatures of one tenant share one
 * copy of the CA certificates. Existing /VRI entries are never rewritten (an archive renewal
 * adds fresh data for old signatures to the arrays, and /VRI keys only for new ones).
 */
import { createHash } from 'node:crypto';
import type { PdfDocument } from '../pdf/document.js';
import { IncrementalUpdate } from '../pdf/incremental.js';
import { PdfDict, PdfRef, PdfStream, dict, name, type PdfObject } from '../../lib/pdf/objects.js';

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

  // A /VRI key already there is left exactly as it is (same value, same reference): validators
  // take a changed or removed key for a modification of what an earlier signature or time-stamp
  // covered (pyHanko: "VRI key … was modified or deleted"). Fresh data for it still goes into the
  // /DSS arrays above; only signatures and time-stamps new to the file get a key.
  const rawVri = dss.get('VRI');
  const oldVri = doc.reader.resolveDict(rawVri);
  const added = request.vri.filter(
    (entry, i) => !oldVri?.has(entry.key) && request.vri.findIndex((e) => e.key === entry.key) === i,
  );
  if (added.length) {
    const vri = oldVri?.clone() ?? new PdfDict();
    for (const entry of added) {
      const item = dict({});
      for (const [kind, , vriKey] of KINDS) {
        const refs = [...new Set(entry[kind].map((i) => refsOf[kind][i]!))];
        if (refs.length) item.set(vriKey, refs);
      }
      vri.set(entry.key, update.add(item));
    }
    // An indirect /VRI is rewritten in place (its old keys keep their raw values); otherwise it becomes a new object.
    if (rawVri instanceof PdfRef && oldVri) update.set(rawVri, vri);
    else dss.set('VRI', update.add(vri));
  }

  // An indirect /DSS is rewritten in place; otherwise the catalog gets a new one.
  if (rawDss instanceof PdfRef) update.set(rawDss, dss);
  else update.set(doc.catalogRef, doc.catalog.clone().set('DSS', update.add(dss)));
  return update;
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
