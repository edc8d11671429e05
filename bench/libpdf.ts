/**
 * `npm run bench:libpdf`: our signing service next to @libpdf/core (LibPDF) on the same inputs,
 * the same tenant PKCS#12 and the same time-stamping authority (which also serves the OCSP and
 * CRLs both libraries embed).
 *
 *   1. EU DSS verdicts at B-LT and B-LTA for the signer tests' one-page Letter PDF, per signature,
 *      with the TSA/OCSP up and again with it down (only the embedded validation data counts)
 *   2. speed: one-page signatures/s and p50 at B-T, B-LT, B-LTA (sequential), 10 MB p50 — ours
 *      over HTTP as the platform calls it (includes multipart upload and download), LibPDF
 *      in-process
 *   3. a corpus of awkward PDFs (bench/_libpdf-corpus.ts) signed at B-LTA by each; outputs checked
 *      with pdfsig, pyHanko (revocation required) and EU DSS
 *
 * The signer and the TSA run in their own processes, as in bench/signer.ts, so LibPDF's timings
 * in this process do not share an event loop with either. Informative: exits 0
 * whatever the figures; only a failure to run (signing the plain one-page PDF) exits non-zero.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpTimestampAuthority, P12Signer, PDF } from '@libpdf/core';
import { letterPdf } from '../test/signer/support/pdfs.js';
import { buildCorpus } from './_libpdf-corpus.js';
import {
  startService,
  startSigningServices,
  stopService,
  stopServices,
  tenMegabytePdf,
  waitForHealth,
} from './_signer-services.js';
import { fmt, percentile } from './_stats.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const API_KEY = 'bench-key';
const FIELDS = {
  name: 'María José Núñez',
  seal: 'Directora',
  department: 'Dirección de Rentas',
  entity: 'Municipalidad de Villa Esperanza',
  tenant_id: 'demo',
};
const DSS = path.join(root, '.tools/dss-validator/dss-validate');
type Level = 'B-T' | 'B-LT' | 'B-LTA';
const LEVELS: Level[] = ['B-T', 'B-LT', 'B-LTA'];

interface Outcome {
  ok: boolean;
  /** ours: HTTP status and error code; LibPDF: the exception's first line. */
  label: string;
  bytes?: Buffer;
  ms: number;
}

async function signOurs(url: string, pdf: Buffer, level: Level): Promise<Outcome> {
  const form = new FormData();
  for (const [k, v] of Object.entries(FIELDS)) form.append(k, v);
  form.append('pades_level', level);
  form.append('pdf_file', new Blob([pdf], { type: 'application/pdf' }), 'documento.pdf');
  const started = performance.now();
  const res = await fetch(`${url}/sign-pdf`, { method: 'POST', body: form, headers: { 'x-api-key': API_KEY } });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - started;
  if (res.status === 200) return { ok: true, label: '200', bytes: body, ms };
  let code = '';
  try {
    code = (JSON.parse(body.toString('utf8')) as { code?: string }).code ?? '';
  } catch {
    code = body.toString('utf8').slice(0, 40);
  }
  return { ok: false, label: `${res.status} ${code}`, ms };
}

interface Theirs {
  signer: P12Signer;
  tsa: HttpTimestampAuthority;
}

async function signTheirs(lib: Theirs, pdf: Buffer, level: Level): Promise<Outcome> {
  const started = performance.now();
  try {
    const doc = await PDF.load(new Uint8Array(pdf));
    const r = await doc.sign({
      signer: lib.signer,
      level,
      timestampAuthority: lib.tsa,
      fieldName: 'Firma1',
      reason: 'Firma',
      location: 'Villa Esperanza',
    });
    const ms = performance.now() - started;
    const warn = r.warnings.length ? ` (${r.warnings.length} warnings)` : '';
    return { ok: true, label: `ok${warn}`, bytes: Buffer.from(r.bytes), ms };
  } catch (err) {
    const e = err as Error;
    return {
      ok: false,
      label: `${e.name}: ${(e.message ?? '').split('\n')[0]!.slice(0, 60)}`,
      ms: performance.now() - started,
    };
  }
}

function exec(cmd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { maxBuffer: 64 * 1024 * 1024, timeout: 180_000 }, (err, stdout, stderr) => {
      const code = err
        ? typeof (err as { code?: unknown }).code === 'number'
          ? (err as { code: number }).code
          : -1
        : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

/** CAdES signatures pdfsig calls valid / all it lists as signed (it cannot check RFC 3161 document time-stamps). */
async function pdfsigView(file: string): Promise<string> {
  const { stdout } = await exec('pdfsig', [file]);
  const blocks = stdout.split(/^Signature #\d+:$/m).slice(1);
  const cades = blocks.filter((b) => !/Signature Type: unknown/.test(b) && !b.includes('is not signed'));
  const valid = cades.filter((b) => /Signature is Valid/.test(b)).length;
  const docTs = blocks.length - cades.length;
  return `${valid}/${cades.length} valid${docTs ? ` +${docTs} ts` : ''}`;
}

/**
 * `pyhanko sign validate` with the dev root as the only anchor and revocation required; the
 * summary form (one line per field) rather than --pretty-print, to read it per signature.
 * INTACT:TRUSTED without INVALID/SUSPICIOUS/ILLEGAL for every field counts as valid. pyHanko
 * refuses hybrid-reference files by policy; those are judged again with --no-strict-syntax.
 */
async function pyhankoView(file: string, config: string): Promise<{ ok: boolean; text: string; brief: string }> {
  const base = ['--config', config, 'sign', 'validate', '--validation-context', 'dev', '--force-revinfo'];
  let r = await exec('pyhanko', [...base, file]);
  let lenient = '';
  if (/hybrid-reference/.test(r.stderr)) {
    r = await exec('pyhanko', [...base, '--no-strict-syntax', file]);
    lenient = ' (hybrid: --no-strict-syntax)';
  }
  const lines = r.stdout
    .split('\n')
    .map((l) => /^([^:]+):[0-9a-f]{64}:(.*)$/.exec(l.trim()))
    .filter((m): m is RegExpExecArray => !!m);
  if (!lines.length) {
    const text = `error: ${(r.stderr.split('\n').find((l) => /Error|error/.test(l)) ?? r.stderr).trim().slice(0, 70)}`;
    return { ok: false, text, brief: text };
  }
  const ok =
    r.code === 0 && lines.every((m) => /^INTACT:TRUSTED/.test(m[2]!) && !/INVALID|SUSPICIOUS|ILLEGAL/.test(m[2]!));
  // First and last flags: trust, then what the later revisions did (e.g. ILLEGAL_MODIFICATIONS).
  const text = lines.map((m) => {
    const flags = m[2]!.split(',');
    return `${m[1]}=${flags[0]}${flags.length > 1 ? `…${flags[flags.length - 1]}` : ''}`;
  });
  return {
    ok,
    text: `${ok ? 'valid' : 'NOT'}${lenient}: ${text.join(' ')}`,
    brief: ok
      ? `valid${lines.length > 1 ? ` (${lines.length} sigs)` : ''}${lenient ? ' (--no-strict-syntax)' : ''}`
      : `NOT: ${text.join(' ')}`,
  };
}

interface DssVerdict {
  kind: string;
  level?: string | null;
  indication: string | null;
  subIndication: string | null;
  signedBy?: string;
  errors: string[];
  timestamps?: { type?: string | null; indication: string | null }[];
}

async function dssVerdicts(file: string, caCert: string): Promise<DssVerdict[] | string> {
  if (!existsSync(DSS)) return 'DSS not built';
  const r = await exec(DSS, [file, '--trust', caCert]);
  if (r.code !== 0) return `DSS failed (${r.code}): ${r.stderr.split('\n').find((l) => l.trim()) ?? ''}`.slice(0, 80);
  return r.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as DssVerdict)
    .filter((v) => v.kind === 'signature');
}

const short = (v: DssVerdict) =>
  `${(v.level ?? '?').replace('PAdES-BASELINE-', 'BASELINE-')} ${v.indication}${v.subIndication ? `/${v.subIndication}` : ''}`;
const dssShort = (v: DssVerdict[] | string) => (typeof v === 'string' ? v : v.map(short).join('; ') || 'no signature');

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')}`;
  console.log(line(header));
  console.log(`  ${widths.map((w) => '-'.repeat(w)).join('-+-')}`);
  for (const r of rows) console.log(line(r));
}

/** Loopback server answering each upload with the same bytes: what HTTP alone costs ours. */
async function echoServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': body.length }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

interface Timing {
  rate: number;
  p50: number;
  failures: number;
}

/**
 * Runs `a` and `b` alternately `n` times each (the machine is shared: load that comes and goes
 * then weighs on both alike); signatures/s from each side's own summed time.
 */
async function timePair(n: number, a: () => Promise<Outcome>, b: () => Promise<Outcome>): Promise<[Timing, Timing]> {
  const sides = [a, b].map((fn) => ({ fn, latencies: [] as number[], spent: 0, failures: 0 }));
  for (let i = 0; i < n; i++) {
    for (const side of sides) {
      const started = performance.now();
      const r = await side.fn();
      side.spent += performance.now() - started;
      if (!r.ok) side.failures++;
      side.latencies.push(r.ms);
    }
  }
  return sides.map((side) => {
    side.latencies.sort((x, y) => x - y);
    return { rate: n / (side.spent / 1000), p50: percentile(side.latencies, 50), failures: side.failures };
  }) as [Timing, Timing];
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'expediente-bench-libpdf-'));
  const children: ChildProcess[] = [];
  try {
    const services = await startSigningServices(dir, API_KEY, 'error');
    const { pki, url, tsaUrl, tsaEnv } = services;
    let { tsa } = services;
    children.push(tsa, services.signer);
    const tenant = pki.tenants.demo!;
    const lib: Theirs = {
      signer: await P12Signer.create(new Uint8Array(await readFile(tenant.p12Path)), tenant.password),
      tsa: new HttpTimestampAuthority(tsaUrl),
    };
    const pyConfig = path.join(dir, 'pyhanko.yml');
    await writeFile(
      pyConfig,
      [
        'validation-contexts:',
        '  dev:',
        `    trust: ${JSON.stringify(pki.caCertPath)}`,
        '    trust-replace: true',
        '',
      ].join('\n'),
    );
    const save = async (name: string, bytes: Buffer) => {
      const file = path.join(dir, name);
      await writeFile(file, bytes);
      return file;
    };

    const cpus = os.cpus();
    console.log(`machine: ${cpus.length} × ${cpus[0]?.model.trim()}, Node ${process.version}; @libpdf/core 0.4.2`);
    console.log(
      'ours: signer and TSA in their own processes, called over HTTP on loopback (multipart upload + download included)',
    );
    console.log(
      'LibPDF: PDF.load + pdf.sign in this process, same PKCS#12 (P12Signer) and TSA (HttpTimestampAuthority); its OCSP/CRLs from the same responder\n',
    );

    // 1. DSS verdicts, per signature, for the signer tests' one-page Letter PDF.
    const letter = await letterPdf();
    const verdictFiles: { who: string; level: Level; file: string }[] = [];
    for (const level of ['B-LT', 'B-LTA'] as const) {
      const o = await signOurs(url, letter, level);
      const t = await signTheirs(lib, letter, level);
      if (!o.bytes || !t.bytes) throw new Error(`signing the one-page PDF failed: ours ${o.label}, LibPDF ${t.label}`);
      verdictFiles.push({ who: 'ours', level, file: await save(`ours-${level}.pdf`, o.bytes) });
      verdictFiles.push({ who: 'LibPDF', level, file: await save(`libpdf-${level}.pdf`, t.bytes) });
    }
    const online = await Promise.all(
      verdictFiles.map(async (f) => ({
        ...f,
        dss: await dssVerdicts(f.file, pki.caCertPath),
        py: await pyhankoView(f.file, pyConfig),
      })),
    );
    // With the responder down only what each file embeds can validate the chain.
    await stopService(tsa);
    const offline: { dss: DssVerdict[] | string }[] = [];
    for (const f of verdictFiles) offline.push({ dss: await dssVerdicts(f.file, pki.caCertPath) });
    tsa = startService('signer/tsa/main', tsaEnv);
    children.push(tsa);
    await waitForHealth(tsaUrl);

    console.log(
      '1. EU DSS 6.4 (default policy, dev root as trusted list) and pyHanko (revocation required), one-page Letter PDF',
    );
    table(
      ['level', 'library', 'DSS per signature (TSA/OCSP up)', 'DSS (TSA/OCSP down)', 'pyHanko (online revocation)'],
      online.map((r, i) => [r.level, r.who, dssShort(r.dss), dssShort(offline[i]!.dss), r.py.text]),
    );
    for (const r of online) {
      if (typeof r.dss === 'string') continue;
      for (const s of r.dss) {
        const ts = (s.timestamps ?? []).map((t) => `${t.type} ${t.indication}`).join(', ');
        console.log(
          `    ${r.who} ${r.level}: ${s.signedBy ?? ''} → ${short(s)}; time-stamps: ${ts}${s.errors.length ? `; errors: ${s.errors.join(' | ')}` : ''}`,
        );
      }
    }

    // 2. Speed, sequential on both sides.
    const big = await tenMegabytePdf();
    console.log(`\n2. speed (sequential; one-page ${letter.length} B, scan ${(big.length / 1e6).toFixed(2)} MB)`);
    for (let i = 0; i < 5; i++) {
      await signOurs(url, letter, 'B-LTA');
      await signTheirs(lib, letter, 'B-LTA');
    }
    // LibPDF's revocation and issuer fetches per signature (its TSA client keeps its own fetch, so time-stamp requests are not counted).
    const requests: string[] = [];
    for (const level of LEVELS) {
      const urls: string[] = [];
      const original = globalThis.fetch;
      globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
        urls.push(input instanceof Request ? input.url : String(input));
        return original(input, init);
      }) as typeof fetch;
      try {
        await signTheirs(lib, letter, level);
      } finally {
        globalThis.fetch = original;
      }
      requests.push(String(urls.length));
    }
    const requestsPerSignature = requests.join('/');
    console.log(
      `LibPDF's OCSP/CRL/issuer requests per one-page signature, time-stamp requests aside: B-T ${requests[0]}, B-LT ${requests[1]}, B-LTA ${requests[2]} (no cache between signatures)`,
    );
    const speed: string[][] = [];
    const figures: Record<string, { ours: number; theirs: number; oursRate?: number; theirsRate?: number }> = {};
    for (const level of LEVELS) {
      const [o, t] = await timePair(
        60,
        () => signOurs(url, letter, level),
        () => signTheirs(lib, letter, level),
      );
      figures[`one-page ${level}`] = { ours: o.p50, theirs: t.p50, oursRate: o.rate, theirsRate: t.rate };
      speed.push([
        `one-page ${level}`,
        `${fmt(o.rate)}/s, p50 ${fmt(o.p50)} ms${o.failures ? ` (${o.failures} failed)` : ''}`,
        `${fmt(t.rate)}/s, p50 ${fmt(t.p50)} ms${t.failures ? ` (${t.failures} failed)` : ''}`,
        `${fmt(t.p50 / o.p50)}×`,
      ]);
    }
    for (const level of LEVELS) {
      await signOurs(url, big, level);
      await signTheirs(lib, big, level);
      const [o, t] = await timePair(
        10,
        () => signOurs(url, big, level),
        () => signTheirs(lib, big, level),
      );
      figures[`10 MB ${level}`] = { ours: o.p50, theirs: t.p50 };
      speed.push([
        `10 MB ${level}`,
        `p50 ${fmt(o.p50)} ms${o.failures ? ` (${o.failures} failed)` : ''}`,
        `p50 ${fmt(t.p50)} ms${t.failures ? ` (${t.failures} failed)` : ''}`,
        `${fmt(t.p50 / o.p50)}×`,
      ]);
    }
    const echo = await echoServer();
    const httpCost: Record<string, number> = {};
    for (const [name, pdf, n] of [
      ['one-page', letter, 60],
      ['10 MB', big, 8],
    ] as const) {
      const latencies: number[] = [];
      for (let i = 0; i < n + 3; i++) {
        const r = await signOurs(echo.url, pdf, 'B-T');
        if (i >= 3) latencies.push(r.ms); // the first three warm the connection up
      }
      httpCost[name] = percentile(
        latencies.sort((x, y) => x - y),
        50,
      );
      speed.push([
        `${name}: HTTP alone`,
        `p50 ${fmt(httpCost[name]!)} ms (loopback echo of the same upload, part of ours' figure)`,
        '-',
        '-',
      ]);
    }
    await echo.close();
    table(['input / level', 'ours (HTTP)', 'LibPDF (in-process)', 'LibPDF p50 / ours'], speed);

    // 3. The corpus, each file signed at B-LTA (the platform's level for official documents).
    const corpus = await buildCorpus(dir, { p12Path: tenant.p12Path, password: tenant.password, tsaUrl });
    console.log(`\n3. corpus, signed at B-LTA by each (incr = the input's bytes are kept as a prefix)`);
    const rows: string[][] = [];
    const scores = {
      ours: { signed: 0, valid: 0, incremental: 0, baseline: 0 },
      LibPDF: { signed: 0, valid: 0, incremental: 0, baseline: 0 },
    };
    for (const [i, input] of corpus.entries()) {
      const outcomes = {
        ours: await signOurs(url, input.bytes, 'B-LTA'),
        LibPDF: await signTheirs(lib, input.bytes, 'B-LTA'),
      };
      const cells: string[] = [input.name];
      const checks: string[] = [];
      for (const who of ['ours', 'LibPDF'] as const) {
        const o = outcomes[who];
        cells.push(o.label);
        if (!o.bytes) {
          checks.push('-', '-', '-');
          continue;
        }
        scores[who].signed++;
        const file = await save(`corpus-${i}-${who}.pdf`, o.bytes);
        const incremental = o.bytes.subarray(0, input.bytes.length).equals(input.bytes);
        const [sig, py, dss] = await Promise.all([
          pdfsigView(file),
          pyhankoView(file, pyConfig),
          dssVerdicts(file, pki.caCertPath),
        ]);
        const dssOk = typeof dss !== 'string' && dss.length > 0 && dss.every((v) => v.indication === 'TOTAL_PASSED');
        if (py.ok && dssOk) scores[who].valid++;
        checks.push(`${incremental ? 'incr' : 'REWRITE'}, pdfsig ${sig}`, py.brief, dssShort(dss));
        if (incremental) scores[who].incremental++;
        if (
          typeof dss !== 'string' &&
          dss.some((v) => v.level === 'PAdES-BASELINE-LTA') &&
          dss.every((v) => v.level === 'PAdES-BASELINE-LTA')
        )
          scores[who].baseline++;
      }
      rows.push([...cells, ...checks]);
    }
    table(
      [
        'input',
        'ours (HTTP)',
        'LibPDF',
        'ours: file, pdfsig',
        'ours: pyHanko',
        'ours: DSS',
        'LibPDF: file, pdfsig',
        'LibPDF: pyHanko',
        'LibPDF: DSS',
      ],
      rows,
    );

    console.log('\ncomparison');
    const v = (k: string) => figures[k]!;
    table(
      ['job', 'ours', 'LibPDF'],
      [
        ...(['B-LT', 'B-LTA'] as const).map((level) => {
          const o = online.find((r) => r.who === 'ours' && r.level === level)!;
          const t = online.find((r) => r.who === 'LibPDF' && r.level === level)!;
          return [`DSS level, ${level}`, dssShort(o.dss), dssShort(t.dss)];
        }),
        ...LEVELS.map((level) => [
          `one-page ${level} sig/s · p50`,
          `${fmt(v(`one-page ${level}`).oursRate!)} · ${fmt(v(`one-page ${level}`).ours)} ms`,
          `${fmt(v(`one-page ${level}`).theirsRate!)} · ${fmt(v(`one-page ${level}`).theirs)} ms`,
        ]),
        ...LEVELS.map((level) => [
          `10 MB ${level} p50`,
          `${fmt(v(`10 MB ${level}`).ours)} ms`,
          `${fmt(v(`10 MB ${level}`).theirs)} ms`,
        ]),
        [
          `HTTP alone p50 (in ours)`,
          `${fmt(httpCost['one-page']!)} ms one-page, ${fmt(httpCost['10 MB']!)} ms 10 MB`,
          'none (in-process)',
        ],
        [`corpus (${corpus.length}): signed`, String(scores.ours.signed), String(scores.LibPDF.signed)],
        [`corpus: valid (pyHanko + DSS)`, String(scores.ours.valid), String(scores.LibPDF.valid)],
        [`corpus: input bytes kept (incremental)`, String(scores.ours.incremental), String(scores.LibPDF.incremental)],
        [`corpus: every signature BASELINE-LTA`, String(scores.ours.baseline), String(scores.LibPDF.baseline)],
        [
          `OCSP/CRL/issuer fetches per sig (T/LT/LTA)`,
          'cached briefly across signatures',
          `${requestsPerSignature} (no cache)`,
        ],
      ],
    );
  } finally {
    await stopServices(children);
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
process.exitCode = 0;
