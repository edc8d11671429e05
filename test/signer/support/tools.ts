/**
 * Independent checks of signed PDFs with tools that share no code with the service: poppler
 * (pdfsig, pdftotext, pdftoppm), qpdf, OpenSSL and pyHanko (CLI, and its reader for the CMS
 * details).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { tempDir } from './service.js';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function run(cmd: string, args: string[], options: { input?: Buffer } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(cmd, args, { maxBuffer: 64 * 1024 * 1024, encoding: 'buffer' }, (err, stdout, stderr) => {
      // A non-zero exit is a result to inspect; failing to run the tool at all is an error.
      const code = err ? (err as { code?: unknown }).code : 0;
      if (typeof code !== 'number') return reject(err);
      resolve({ code, stdout: stdout.toString('utf8'), stderr: stderr.toString('utf8') });
    });
    if (options.input) child.stdin?.end(options.input);
  });
}

/** Writes bytes to a fresh file in the run's temp folder. */
export async function saveTemp(bytes: Buffer, name = 'document.pdf'): Promise<string> {
  const file = path.join(await tempDir(), `${randomBytes(4).toString('hex')}-${name}`);
  await writeFile(file, bytes);
  return file;
}

export interface PdfsigEntry {
  field: string;
  signed: boolean;
  valid: boolean;
  type: string | undefined;
}

/** pdfsig's view: one entry per signature field, signed or not. */
export async function pdfsig(file: string): Promise<PdfsigEntry[]> {
  const { stdout } = await run('pdfsig', [file]);
  return stdout
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((block) => ({
      field: /Signature Field Name: (.*)/.exec(block)?.[1]?.trim() ?? '',
      signed: !block.includes('is not signed'),
      valid: /Signature Validation: Signature is Valid\./.test(block),
      type: /Signature Type: (.*)/.exec(block)?.[1]?.trim(),
    }));
}

/** qpdf --check: exit status 0 and no damage reported. */
export async function qpdfCheck(file: string): Promise<{ ok: boolean; output: string }> {
  const r = await run('qpdf', ['--check', file]);
  const output = r.stdout + r.stderr;
  return {
    ok:
      r.code === 0 && output.includes('No syntax or stream encoding errors found') && !/WARNING|damaged/i.test(output),
    output,
  };
}

export interface PyhankoResult {
  code: number;
  /** field name → summary, e.g. INTACT:TRUSTED,TIMESTAMP_TOKEN<INTACT:TRUSTED>,UNTOUCHED */
  fields: Map<string, string>;
  output: string;
}

/** `pyhanko sign validate` with the dev root CA as the only trust anchor (difference analysis on). */
export async function pyhankoValidate(file: string, caCertPath: string): Promise<PyhankoResult> {
  const r = await run('pyhanko', [
    'sign',
    'validate',
    '--trust',
    caCertPath,
    '--trust-replace',
    '--no-revocation-check',
    file,
  ]);
  const fields = new Map<string, string>();
  for (const line of r.stdout.split('\n')) {
    const m = /^([^:]+):[0-9a-f]{64}:(.*)$/.exec(line.trim());
    if (m) fields.set(m[1]!, m[2]!);
  }
  return { code: r.code, fields, output: r.stdout + r.stderr };
}

/**
 * `pyhanko sign validate` with a validation context from the dev PKI (`--validation-context`,
 * defined in a pyhanko.yml of its own: the dev root as the only trust anchor) and revocation
 * checking required (`--force-revinfo`: a certificate without OCSP or CRL fails), fetching
 * from the dev responders.
 */
export async function pyhankoValidateWithRevocation(file: string, caCertPath: string): Promise<PyhankoResult> {
  const config = path.join(await tempDir(), `pyhanko-${randomBytes(4).toString('hex')}.yml`);
  await writeFile(
    config,
    [
      'validation-contexts:',
      '  dev-pki:',
      `    trust: ${JSON.stringify(caCertPath)}`,
      '    trust-replace: true',
      '',
    ].join('\n'),
  );
  const r = await run('pyhanko', [
    '--config',
    config,
    'sign',
    'validate',
    '--validation-context',
    'dev-pki',
    '--force-revinfo',
    file,
  ]);
  const fields = new Map<string, string>();
  for (const line of r.stdout.split('\n')) {
    const m = /^([^:]+):[0-9a-f]{64}:(.*)$/.exec(line.trim());
    if (m) fields.set(m[1]!, m[2]!);
  }
  return { code: r.code, fields, output: r.stdout + r.stderr };
}

/** The document's /DSS as pyHanko reads it: counts, and the VRI keys (upper-case hex SHA-1). */
export async function dssContents(
  file: string,
): Promise<{ certs: number; ocsps: number; crls: number; vri: string[] }> {
  const script = path.join(await tempDir(), 'dss-contents.py');
  await writeFile(
    script,
    [
      'import sys, json',
      'from pyhanko.pdf_utils.reader import PdfFileReader',
      'from pyhanko.sign.validation.dss import DocumentSecurityStore',
      "r = PdfFileReader(open(sys.argv[1], 'rb'))",
      'd = DocumentSecurityStore.read_dss(r)',
      "vri = r.root['/DSS'].get('/VRI')",
      'vri = vri.get_object() if vri is not None else None',
      "print(json.dumps({'certs': len(d.certs), 'ocsps': len(d.ocsps), 'crls': len(d.crls), 'vri': sorted(k[1:] for k in (vri.keys() if vri else []))}))",
    ].join('\n'),
  );
  const r = await run('python3', [script, file]);
  if (r.code !== 0) throw new Error(`pyHanko DSS reader failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { certs: number; ocsps: number; crls: number; vri: string[] };
}

export interface DssVerdict {
  kind: 'signature' | 'timestamp';
  id: string;
  /** Signatures: e.g. PAdES-BASELINE-LTA; time-stamps: e.g. ARCHIVE_TIMESTAMP. */
  level?: string | null;
  type?: string | null;
  indication: string | null;
  subIndication: string | null;
  errors: string[];
  warnings: string[];
  timestamps?: DssVerdict[];
}

/** The EU DSS validator built by `npm run setup:tools` (test/validators/dss), when Java and Maven were there. */
export const DSS_VALIDATOR = path.resolve('.tools/dss-validator/dss-validate');

export function dssAvailable(): boolean {
  return existsSync(DSS_VALIDATOR);
}

/** EU DSS's default policy on `file`, the dev root as the trusted list; `time` moves the validation time. */
export async function dssValidate(
  file: string,
  caCertPath: string,
  options: { time?: Date } = {},
): Promise<DssVerdict[]> {
  const args = [file, '--trust', caCertPath, ...(options.time ? ['--time', options.time.toISOString()] : [])];
  const r = await run(DSS_VALIDATOR, args);
  if (r.code !== 0) throw new Error(`DSS validator failed (${r.code}): ${r.stderr.slice(0, 2000)}`);
  return r.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as DssVerdict);
}

/** A signature fully accepted by pyHanko: intact, trusted, with a trusted time-stamp token. */
export function pyhankoAccepts(summary: string | undefined): boolean {
  return (
    !!summary &&
    summary.startsWith('INTACT:TRUSTED,TIMESTAMP_TOKEN<INTACT:TRUSTED>') &&
    !/SUSPICIOUS|INVALID/.test(summary)
  );
}

export interface CmsDetails {
  field: string;
  subfilter: string;
  m: string | null;
  signed_attrs: string[];
  unsigned_attrs: string[];
  digest_algorithm: string;
  certificates: string[];
  signature_sha256: string;
  token: string | null;
}

const SIGDUMP = `
import sys, json, hashlib
from pyhanko.pdf_utils.reader import PdfFileReader
out = []
with open(sys.argv[1], 'rb') as f:
    r = PdfFileReader(f)
    for i, s in enumerate(r.embedded_signatures):
        si = s.signer_info
        unsigned = list(si['unsigned_attrs']) if si['unsigned_attrs'].native else []
        token = None
        for a in unsigned:
            if a['type'].dotted == '1.2.840.113549.1.9.16.2.14':
                token = f"{sys.argv[2]}-{i}.tst"
                open(token, 'wb').write(a['values'][0].dump())
        out.append({
            'field': s.field_name,
            'subfilter': str(s.sig_object.get('/SubFilter')),
            'm': str(s.sig_object.get('/M')) if '/M' in s.sig_object else None,
            'signed_attrs': [a['type'].dotted for a in si['signed_attrs']],
            'unsigned_attrs': [a['type'].dotted for a in unsigned],
            'digest_algorithm': si['digest_algorithm']['algorithm'].native,
            'certificates': [c.chosen.subject.human_friendly for c in s.signed_data['certificates']],
            'signature_sha256': hashlib.sha256(si['signature'].native).hexdigest(),
            'token': token,
        })
print(json.dumps(out))
`;

/** Each signature's CMS as pyHanko's reader sees it; time-stamp tokens are written to files. */
export async function cmsDetails(file: string): Promise<CmsDetails[]> {
  const script = path.join(await tempDir(), 'sigdump.py');
  await writeFile(script, SIGDUMP);
  const r = await run('python3', [script, file, `${file}.token`]);
  if (r.code !== 0) throw new Error(`pyHanko reader failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as CmsDetails[];
}

/** `openssl ts -verify` of a token against the digest it must cover and the dev root CA. */
export async function opensslVerifyToken(tokenFile: string, digestHex: string, caCertPath: string): Promise<RunResult> {
  return run('openssl', ['ts', '-verify', '-digest', digestHex, '-in', tokenFile, '-token_in', '-CAfile', caCertPath]);
}

export interface QpdfField {
  name: string;
  page: number;
  fieldType: string;
  signed: boolean;
  flags: number;
  rect: [number, number, number, number];
  sig: Record<string, unknown> | undefined;
}

/** Form fields with their widget rectangles and signature dictionaries, from `qpdf --json`. */
export async function qpdfFields(file: string): Promise<QpdfField[]> {
  const r = await run('qpdf', ['--json=2', '--json-key=acroform', '--json-key=qpdf', file]);
  const json = JSON.parse(r.stdout) as {
    acroform: {
      fields: {
        fullname: string;
        pageposfrom1: number;
        fieldtype: string;
        fieldflags: number;
        value: unknown;
        annotation: { object: string };
        object: string;
      }[];
    };
    qpdf: [unknown, Record<string, { value: Record<string, unknown> }>];
  };
  const objects = json.qpdf[1];
  const obj = (ref: string) => objects[`obj:${ref}`]?.value;
  return json.acroform.fields.map((f) => {
    const widget = obj(f.annotation.object) ?? {};
    const sigRef = typeof f.value === 'string' && / R$/.test(f.value) ? f.value : undefined;
    return {
      name: f.fullname,
      page: f.pageposfrom1,
      fieldType: f.fieldtype,
      signed: sigRef !== undefined,
      flags: f.fieldflags,
      rect: widget['/Rect'] as [number, number, number, number],
      sig: sigRef ? obj(sigRef) : undefined,
    };
  });
}

export async function pdftotext(file: string, page?: number): Promise<string> {
  const args = page ? ['-f', String(page), '-l', String(page)] : [];
  const r = await run('pdftotext', [...args, '-layout', file, '-']);
  if (r.code !== 0) throw new Error(`pdftotext failed: ${r.stderr}`);
  return r.stdout;
}

export interface GrayImage {
  width: number;
  height: number;
  pixels: Uint8Array;
  png: Buffer;
}

/** Renders one page to PNG with pdftoppm and decodes it to gray levels. */
export async function renderPage(file: string, page: number, dpi = 72): Promise<GrayImage> {
  const r = await new Promise<Buffer>((resolve, reject) =>
    execFile(
      'pdftoppm',
      ['-f', String(page), '-l', String(page), '-r', String(dpi), '-gray', '-png', file],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
      (err, stdout) => (err ? reject(err) : resolve(stdout)),
    ),
  );
  return { ...decodeGrayPng(r), png: r };
}

/** Decodes an 8-bit, non-interlaced gray or RGB PNG into gray levels. */
function decodeGrayPng(png: Buffer): { width: number; height: number; pixels: Uint8Array } {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let pos = 8;
  let width = 0;
  let height = 0;
  let channels = 1;
  const idat: Buffer[] = [];
  while (pos < png.length) {
    const len = png.readUInt32BE(pos);
    const type = png.toString('latin1', pos + 4, pos + 8);
    const data = png.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0 || (data[9] !== 0 && data[9] !== 2))
        throw new Error('expected an 8-bit gray or RGB, non-interlaced PNG');
      channels = data[9] === 2 ? 3 : 1;
    } else if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const bytes = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const v = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= channels ? bytes[y * stride + i - channels]! : 0;
      const b = y > 0 ? bytes[(y - 1) * stride + i]! : 0;
      const c = i >= channels && y > 0 ? bytes[(y - 1) * stride + i - channels]! : 0;
      let out: number;
      if (filter === 0) out = v;
      else if (filter === 1) out = v + a;
      else if (filter === 2) out = v + b;
      else if (filter === 3) out = v + ((a + b) >> 1);
      else {
        const p = a + b - c;
        const pa = Math.abs(p - a),
          pb = Math.abs(p - b),
          pc = Math.abs(p - c);
        out = v + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      bytes[y * stride + i] = out & 0xff;
    }
  }
  const pixels = new Uint8Array(width * height);
  for (let p = 0; p < width * height; p++) {
    pixels[p] =
      channels === 1
        ? bytes[p]!
        : Math.round(0.299 * bytes[p * 3]! + 0.587 * bytes[p * 3 + 1]! + 0.114 * bytes[p * 3 + 2]!);
  }
  return { width, height, pixels };
}

/** Share of dark pixels (< 128) inside a rectangle given in PDF points (origin bottom-left). */
export function inkRatio(img: GrayImage, rect: [number, number, number, number], dpi = 72): number {
  const s = dpi / 72;
  const [x0, y0, x1, y1] = rect;
  let dark = 0;
  let total = 0;
  for (let y = Math.floor(img.height - y1 * s); y < Math.ceil(img.height - y0 * s); y++) {
    for (let x = Math.floor(x0 * s); x < Math.ceil(x1 * s); x++) {
      if (x < 0 || y < 0 || x >= img.width || y >= img.height) continue;
      total++;
      if (img.pixels[y * img.width + x]! < 128) dark++;
    }
  }
  return total ? dark / total : 0;
}

export interface WordBox {
  text: string;
  /** In PDF points, origin bottom-left (converted from pdftotext's top-left boxes). */
  bottom: number;
  top: number;
  left: number;
}

/** Word positions from `pdftotext -bbox` on one page. */
export async function wordBoxes(file: string, page: number): Promise<WordBox[]> {
  const r = await run('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-']);
  const height = Number(/<page width="[\d.]+" height="([\d.]+)"/.exec(r.stdout)?.[1] ?? 792);
  const words: WordBox[] = [];
  for (const m of r.stdout.matchAll(
    /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    words.push({
      text: m[4]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'),
      left: Number(m[1]),
      top: height - Number(m[2]),
      bottom: height - Number(m[3]),
    });
  }
  return words;
}
