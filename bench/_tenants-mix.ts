/**
 * The request mix of `npm run bench:tenants`: what an integration client of one municipality does
 * most (search and list documents, read and search cases, its notes, create a document) and the
 * desk's dashboard, sent to the compiled API for one tenant. Rounds of the mix on several tenants
 * are interleaved, so a busy moment of the machine falls on all of them alike.
 */
import { expect, template, user } from './_platform.js';
import { percentile } from './_stats.js';

/** Where one tenant's requests go: an API process and the tenant's integration key. */
export interface MixTarget {
  label: string;
  apiUrl: string;
  schema: string;
  apiKey: string;
  /** A case of the tenant, read by the mix (set by prepareTenant). */
  caseId?: string;
}

interface MixLine {
  name: string;
  method: 'GET' | 'POST';
  path: (t: MixTarget) => string;
  caller: string;
  body?: unknown;
  status: number;
  /** Through the backend (the desk's API, testing-mode credentials) instead of integration REST. */
  backend?: boolean;
}

export const MIX: MixLine[] = [
  {
    name: 'documents search, first page',
    method: 'GET',
    path: () => '/api/v1/documents/search?page=1&page_size=20',
    caller: 'agente-obras',
    status: 200,
  },
  {
    name: 'documents search, text',
    method: 'GET',
    path: () => '/api/v1/documents/search?search=inspecci%C3%B3n',
    caller: 'agente-obras',
    status: 200,
  },
  {
    name: 'pending signatures',
    method: 'GET',
    path: () => '/api/v1/documents/pending-signatures',
    caller: 'agente-obras',
    status: 200,
  },
  { name: 'read a case', method: 'GET', path: (t) => `/api/v1/cases/${t.caseId}`, caller: 'jefa-mesa', status: 200 },
  { name: 'cases search', method: 'GET', path: () => '/api/v1/cases/search?page=1', caller: 'jefa-mesa', status: 200 },
  { name: 'notes received', method: 'GET', path: () => '/api/v1/notes/received', caller: 'agente-obras', status: 200 },
  {
    name: 'create a document',
    method: 'POST',
    path: () => '/api/v1/documents',
    caller: 'agente-obras',
    body: { document_type_acronym: 'INF', reference: 'Informe de inspección' },
    status: 201,
  },
  {
    name: 'dashboard stats (backend)',
    method: 'GET',
    path: () => '/api/v1/dashboard/stats',
    caller: 'agente-obras',
    status: 200,
    backend: true,
  },
];

async function send(
  t: MixTarget,
  method: string,
  path: string,
  caller: string,
  json?: unknown,
  backend = false,
): Promise<{ status: number; body: any }> {
  const auth: Record<string, string> = backend
    ? { 'X-Tenant-Schema': t.schema, Authorization: `Bearer ${user(caller)}` }
    : { 'X-API-Key': t.apiKey, 'X-User-ID': user(caller) };
  const res = await fetch(`${t.apiUrl}${path}`, {
    method,
    headers: { ...auth, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Gives a tenant the same small archive as the others: `cases` cases (signed covers) and `documents` documents. */
export async function prepareTenant(t: MixTarget, size = { cases: 2, documents: 20 }): Promise<void> {
  for (let i = 0; i < size.cases; i++) {
    const created = expect(
      await send(t, 'POST', '/api/v1/cases', 'jefa-mesa', {
        case_template_id: template('HABCOM'),
        reference: `Habilitación comercial ${i + 1}`,
      }),
      201,
    );
    t.caseId = created.case_id;
  }
  for (let i = 0; i < size.documents; i++) {
    expect(
      await send(t, 'POST', '/api/v1/documents', 'agente-obras', {
        document_type_acronym: 'INF',
        reference: `Informe de inspección ${i + 1}`,
      }),
      201,
    );
  }
}

/** Latencies per mix line (ms), in MIX order. */
export type MixTimes = number[][];

async function round(t: MixTarget, into?: MixTimes): Promise<void> {
  for (const [i, line] of MIX.entries()) {
    const started = performance.now();
    const res = await send(t, line.method, line.path(t), line.caller, line.body, line.backend);
    const ms = performance.now() - started;
    if (res.status !== line.status)
      throw new Error(
        `${t.label} ${line.name}: expected ${line.status}, got ${res.status}: ${JSON.stringify(res.body)}`,
      );
    if (into) into[i]!.push(ms);
  }
}

/** `warmups` unmeasured rounds on each target, then `rounds` measured rounds, target after target. */
export async function runMix(targets: MixTarget[], rounds: number, warmups = 3): Promise<Map<MixTarget, MixTimes>> {
  const times = new Map(targets.map((t) => [t, MIX.map(() => [] as number[])]));
  for (let r = 0; r < warmups; r++) for (const t of targets) await round(t);
  for (let r = 0; r < rounds; r++) {
    // A different first target every round: none always follows the same one.
    for (let k = 0; k < targets.length; k++) {
      const t = targets[(r + k) % targets.length]!;
      await round(t, times.get(t));
    }
  }
  return times;
}

export function quantiles(values: number[]): { p50: number; p95: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

/** p50/p95 over every request of the mix. */
export function overall(times: MixTimes): { p50: number; p95: number } {
  return quantiles(times.flat());
}
