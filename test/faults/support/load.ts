/**
 * Load for the fault suite, driven the way a careful integration client would: each operation is
 * retried after a 5xx, a dropped connection or a 202 (polling until its effect is visible), with
 * the same Idempotency-Key for case creation, until it completes or its deadline passes. Then the
 * database and the stored PDFs are checked: every signature once, numbers unique and gap-free,
 * every case with one signed cover. The PDFs are read from the stack's store unless another is
 * given (a deployment storing in S3).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/connection.js';
import type { ObjectStore } from '../../../domain/storage/object-store.js';
import { tenantDb } from '../../../db/tenancy.js';
import { template } from '../../support/cases.js';
import { SAMPLE_HTML } from '../../support/documents.js';
import { asIntegration, demoUser, request, type HttpResult } from '../../support/http.js';
import { pdfSignatures } from '../../support/pdf-tools.js';
import { getStack } from '../../support/hooks.js';

export const CREATOR = 'agente-obras';
export const SIGNERS = ['directora-obras', 'jefa-mesa', 'intendente'];
const DEADLINE_MS = Number(process.env.FAULT_OP_DEADLINE_MS ?? 240_000);

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A call that keeps trying through outages: 5xx, network errors and 202 mean "not yet". */
async function persist(
  what: string,
  call: () => Promise<HttpResult>,
  done: (res: HttpResult) => boolean | Promise<boolean>,
): Promise<HttpResult> {
  const deadline = Date.now() + DEADLINE_MS;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await call();
      if (await done(res)) return res;
      last = `${res.status} ${res.text.slice(0, 200)}`;
      if (res.status >= 400 && res.status < 500 && res.status !== 409 && res.status !== 429)
        throw new Error(`${what}: ${last}`);
    } catch (err) {
      if ((err as Error).message.startsWith(`${what}:`)) throw err;
      last = (err as Error).message;
    }
    await pause(500);
  }
  throw new Error(`${what}: not done within ${DEADLINE_MS} ms (last: ${last})`);
}

async function documentOf(baseUrl: string, id: string) {
  return request(`/api/v1/documents/${id}`, { headers: asIntegration(CREATOR), baseUrl });
}

/** A DICT with three signers, created, saved, started and signed by each in turn. */
export async function signOneDocument(baseUrl: string, n: number): Promise<string> {
  const created = await persist(
    'create',
    () =>
      request('/api/v1/documents', {
        method: 'POST',
        headers: asIntegration(CREATOR),
        baseUrl,
        json: { document_type_acronym: 'DICT', reference: `Dictamen bajo fallas ${n}` },
      }),
    (r) => r.status === 201,
  );
  const id = created.body.document_id as string;
  await persist(
    'save',
    () =>
      request(`/api/v1/documents/${id}`, {
        method: 'PATCH',
        headers: asIntegration(CREATOR),
        baseUrl,
        json: { content: SAMPLE_HTML, signers: SIGNERS.map(demoUser) },
      }),
    (r) => r.status === 200,
  );
  const post = (path: string, user: string) => () =>
    request(`/api/v1/documents/${id}/${path}`, { method: 'POST', headers: asIntegration(user), baseUrl });
  await persist(
    'start-signing',
    post('start-signing', CREATOR),
    async (r) => r.status === 200 || (await documentOf(baseUrl, id)).body.status === 'sent_to_sign',
  );
  for (const [i, signer] of SIGNERS.entries()) {
    const last = i === SIGNERS.length - 1;
    await persist(`sign by ${signer}`, post('sign', signer), async (r) => {
      if (r.status === 200) return true;
      // A 202 or an outage: done once the signature is visible.
      const doc = (await documentOf(baseUrl, id)).body;
      return last
        ? doc.status === 'signed'
        : (doc.signers ?? []).some(
            (s: { user_id: string; signed_at: string | null }) => s.user_id === demoUser(signer) && s.signed_at,
          );
    });
  }
  return id;
}

/** A case with its signed cover, retried under the same Idempotency-Key. */
export async function createOneCase(baseUrl: string, n: number): Promise<string> {
  const key = randomUUID();
  const headers = { ...asIntegration(CREATOR), 'idempotency-key': key };
  const res = await persist(
    'create case',
    () =>
      request('/api/v1/cases', {
        method: 'POST',
        headers,
        baseUrl,
        json: { case_template_id: template('PEROB'), reference: `Expediente bajo fallas ${n}` },
      }),
    async (r) => {
      if (r.status === 201) return true;
      const poll = await request(`/api/v1/cases/creations/${key}`, { headers: asIntegration(CREATOR), baseUrl });
      return poll.status === 200 && poll.body.status === 'active';
    },
  );
  if (res.status === 201) return res.body.case_id as string;
  const poll = await request(`/api/v1/cases/creations/${key}`, { headers: asIntegration(CREATOR), baseUrl });
  return (poll.body.case_id ?? poll.body.case?.case_id) as string;
}

/** Runs `count` operations, `concurrency` at a time; failures are counted, not thrown. */
export async function runMany(
  count: number,
  concurrency: number,
  op: (n: number) => Promise<string>,
): Promise<{ ids: string[]; failures: string[] }> {
  const ids: string[] = [];
  const failures: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const n = next++;
        try {
          ids.push(await op(n));
        } catch (err) {
          failures.push((err as Error).message);
        }
      }
    }),
  );
  return { ids, failures };
}

export interface Outcome {
  scenario: string;
  operation: string;
  attempted: number;
  completed: number;
  duplicates: number;
  lost: number;
  notes: string;
}

/** Every document signed by each signer exactly once (rows and PDF), numbers unique and gap-free. */
export async function checkDocuments(
  db: Db,
  scenario: string,
  attempted: number,
  ids: string[],
  storage: ObjectStore = getStack().services.storage,
): Promise<Outcome> {
  const { demoTenant } = getStack();
  return tenantDb(db, demoTenant).transaction(async (trx) => {
    const docs = await trx('documents').whereIn('id', ids).select('id', 'status', 'official_number');
    const files = await trx('document_files')
      .whereIn('document_id', ids)
      .andWhere({ kind: 'official' })
      .orderBy('revision')
      .select('document_id', 'storage_key');
    const officialFile = new Map(files.map((f) => [f.document_id as string, f.storage_key as string]));
    const signatures = await trx('document_signers')
      .whereIn('document_id', ids)
      .whereNotNull('signed_at')
      .select('document_id', 'user_id');
    let duplicates = 0;
    const notes: string[] = [];
    for (const doc of docs) {
      const rows = signatures.filter((s) => s.document_id === doc.id);
      if (rows.length !== SIGNERS.length || new Set(rows.map((r) => r.user_id)).size !== rows.length) duplicates++;
      const key = officialFile.get(doc.id);
      const pdf = key ? await storage.get(key) : undefined;
      if (!pdf || pdfSignatures(pdf).length !== SIGNERS.length) {
        duplicates++;
        notes.push(`${doc.official_number}: ${pdf ? pdfSignatures(pdf).length : 0} signatures in the PDF`);
      }
    }
    const numbers = docs.map((d) => d.official_number).filter(Boolean);
    if (new Set(numbers).size !== numbers.length) duplicates += numbers.length - new Set(numbers).size;
    // Gap-free: the counter of the type's prefix stands at the number of documents numbered with it.
    const { number_prefix: prefix } = await trx('document_types').where({ acronym: 'DICT' }).first('number_prefix');
    const counter = await trx('number_counters').where({ kind: prefix, year: new Date().getFullYear() }).first();
    const issued = await trx('documents as d')
      .join('document_types as t', 't.id', 'd.document_type_id')
      .where('t.number_prefix', prefix)
      .whereNotNull('d.official_number')
      .count<{ count: string }[]>('* as count');
    if (Number(counter?.last_value ?? 0) !== Number(issued[0].count)) {
      notes.push(`${prefix} counter at ${counter?.last_value} for ${issued[0].count} numbered documents`);
    }
    const completed = docs.filter((d) => d.status === 'signed').length;
    return {
      scenario,
      operation: '3-signer signing',
      attempted,
      completed,
      duplicates,
      lost: attempted - completed,
      notes: notes.join('; '),
    };
  });
}

/** Every case active with exactly one signed CAEX cover; case numbers unique and gap-free. */
export async function checkCases(db: Db, scenario: string, attempted: number, ids: string[]): Promise<Outcome> {
  const { demoTenant } = getStack();
  return tenantDb(db, demoTenant).transaction(async (trx) => {
    const cases = await trx('cases').whereIn('id', ids).select('id', 'case_number', 'status', 'is_ready');
    const covers = await trx('case_documents as cd')
      .join('documents as d', 'd.id', 'cd.document_id')
      .join('document_types as t', 't.id', 'd.document_type_id')
      .whereIn('cd.case_id', ids)
      .andWhere('t.acronym', 'CAEX')
      .select('cd.case_id', 'd.status');
    let duplicates = 0;
    for (const c of cases)
      if (covers.filter((cv) => cv.case_id === c.id && cv.status === 'signed').length !== 1) duplicates++;
    const numbers = cases.map((c) => c.case_number);
    duplicates += numbers.length - new Set(numbers).size;
    const allCases = await trx('cases').count<{ count: string }[]>('* as count');
    const halfMade = await trx('cases').where({ is_ready: false }).count<{ count: string }[]>('* as count');
    const counter = await trx('number_counters').where({ kind: 'EE', year: new Date().getFullYear() }).first();
    const gap = Number(counter?.last_value ?? 0) !== Number(allCases[0].count);
    const completed = cases.filter((c) => c.status === 'active' && c.is_ready).length;
    const notes = [
      Number(halfMade[0].count) ? `${halfMade[0].count} half-made cases of ${allCases[0].count}` : '',
      gap ? `EE counter at ${counter?.last_value} for ${allCases[0].count} cases` : '',
    ]
      .filter(Boolean)
      .join('; ');
    return {
      scenario,
      operation: 'case + signed cover',
      attempted,
      completed,
      duplicates,
      lost: attempted - completed,
      notes,
    };
  });
}

/** Fails unless every operation completed, once: no failure, duplicate, loss or note in `rows`. */
export function assertNothingLost(rows: Outcome[], failures: string[]): void {
  assert.deepEqual(failures.slice(0, 5), [], `${failures.length} operations failed`);
  for (const row of rows) {
    assert.equal(row.duplicates, 0, `${row.operation}: duplicates (${row.notes})`);
    assert.equal(row.lost, 0, `${row.operation}: lost`);
    assert.equal(row.notes, '', row.operation);
  }
}

export function printTable(rows: Outcome[]): void {
  const header = ['scenario', 'operation', 'attempted', 'completed', 'duplicates', 'lost', 'notes'];
  const lines = [
    header,
    ...rows.map((r) => [
      r.scenario,
      r.operation,
      String(r.attempted),
      String(r.completed),
      String(r.duplicates),
      String(r.lost),
      r.notes,
    ]),
  ];
  const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  for (const line of lines) process.stdout.write(`      ${line.map((cell, i) => cell.padEnd(widths[i])).join('  ')}\n`);
}

/** A single-signer INF, created, saved and sent to signing: waiting for `signer`, who numbers it. */
export async function pendingForSignature(baseUrl: string, n: number, signer: string): Promise<string> {
  const created = await persist(
    'create',
    () =>
      request('/api/v1/documents', {
        method: 'POST',
        headers: asIntegration(CREATOR),
        baseUrl,
        json: { document_type_acronym: 'INF', reference: `Informe para firmar en lote ${n}` },
      }),
    (r) => r.status === 201,
  );
  const id = created.body.document_id as string;
  await persist(
    'save',
    () =>
      request(`/api/v1/documents/${id}`, {
        method: 'PATCH',
        headers: asIntegration(CREATOR),
        baseUrl,
        json: { content: SAMPLE_HTML, signers: [demoUser(signer)] },
      }),
    (r) => r.status === 200,
  );
  await persist(
    'start-signing',
    () =>
      request(`/api/v1/documents/${id}/start-signing`, { method: 'POST', headers: asIntegration(CREATOR), baseUrl }),
    async (r) => r.status === 200 || (await documentOf(baseUrl, id)).body.status === 'sent_to_sign',
  );
  return id;
}

/** The counter of a document type's number prefix this year (0 before its first number). */
export async function numberCounter(db: Db, acronym: string): Promise<{ prefix: string; value: number }> {
  const { demoTenant } = getStack();
  return tenantDb(db, demoTenant).transaction(async (trx) => {
    const { number_prefix: prefix } = await trx('document_types').where({ acronym }).first('number_prefix');
    const counter = await trx('number_counters')
      .where({ kind: prefix, year: new Date().getFullYear(), scope: '' })
      .first('last_value');
    return { prefix, value: Number(counter?.last_value ?? 0) };
  });
}

/** The sequence of an official number: IF-2026-00000042-MVE-DOP → 42. */
const sequenceOf = (number: string) => Number(number.split('-')[2]);

/**
 * A batch of single-signer INF documents that `signer` numbers: each signed by them exactly once
 * (signer row, signed revision, dashboard event, signature in the official PDF), each numbered
 * once, and the type's counter advanced by exactly the batch's size, with its numbers contiguous
 * from the counter's value before (`counterBefore`): none issued twice, none skipped.
 */
export async function checkBatchSigned(
  db: Db,
  scenario: string,
  ids: string[],
  signer: string,
  counterBefore: number,
): Promise<Outcome> {
  const { services, demoTenant } = getStack();
  const userId = demoUser(signer);
  const counter = await numberCounter(db, 'INF');
  return tenantDb(db, demoTenant).transaction(async (trx) => {
    const docs = await trx('documents').whereIn('id', ids).select('id', 'status', 'official_number');
    const signerRows = await trx('document_signers')
      .whereIn('document_id', ids)
      .select('document_id', 'user_id', 'status', 'signed_at');
    const revisions = await trx('document_files')
      .whereIn('document_id', ids)
      .andWhere({ kind: 'signing', signed_by: userId })
      .select('document_id');
    const officials = await trx('document_files')
      .whereIn('document_id', ids)
      .andWhere({ kind: 'official' })
      .select('document_id', 'storage_key');
    const events = await trx('activity_events')
      .whereIn('entity_id', ids)
      .whereIn('kind', ['document_signed', 'document_officialized'])
      .select('entity_id', 'kind', 'actor_user_id');
    const count = <T extends Record<string, unknown>>(
      rows: T[],
      key: keyof T,
      id: string,
      where: (r: T) => boolean = () => true,
    ) => rows.filter((r) => r[key] === id && where(r)).length;

    let duplicates = 0;
    const notes: string[] = [];
    for (const doc of docs) {
      const id = doc.id as string;
      const tallies = {
        signer: count(
          signerRows,
          'document_id',
          id,
          (r) => r.user_id === userId && r.status === 'signed' && r.signed_at !== null,
        ),
        others: count(signerRows, 'document_id', id, (r) => r.user_id !== userId),
        revisions: count(revisions, 'document_id', id),
        officials: count(officials, 'document_id', id),
        signed: count(events, 'entity_id', id, (e) => e.kind === 'document_signed' && e.actor_user_id === userId),
        officialized: count(events, 'entity_id', id, (e) => e.kind === 'document_officialized'),
      };
      const official = officials.find((f) => f.document_id === id);
      const pdf = official ? await services.storage.get(official.storage_key as string) : undefined;
      const inPdf = pdf ? pdfSignatures(pdf).length : 0;
      const wrong = Object.entries({ ...tallies, inPdf }).filter(([k, v]) => v !== (k === 'others' ? 0 : 1));
      if (wrong.length) {
        duplicates++;
        notes.push(`${doc.official_number ?? id}: ${wrong.map(([k, v]) => `${k}=${v}`).join(' ')}`);
      }
    }
    const numbers = docs.map((d) => d.official_number as string | null).filter((n): n is string => Boolean(n));
    duplicates += numbers.length - new Set(numbers).size;
    const sequences = [...new Set(numbers.map(sequenceOf))].sort((a, b) => a - b);
    const expected = Array.from({ length: ids.length }, (_, i) => counterBefore + i + 1);
    if (counter.value !== counterBefore + ids.length)
      notes.push(
        `${counter.prefix} counter went from ${counterBefore} to ${counter.value} for ${ids.length} documents`,
      );
    if (JSON.stringify(sequences) !== JSON.stringify(expected))
      notes.push(`numbers not ${expected[0]}..${expected.at(-1)}: ${sequences.join(',')}`);
    const completed = docs.filter((d) => d.status === 'signed' && d.official_number).length;
    return {
      scenario,
      operation: `${ids.length}-document sign-batch`,
      attempted: ids.length,
      completed,
      duplicates,
      lost: ids.length - completed,
      notes: notes.join('; '),
    };
  });
}
