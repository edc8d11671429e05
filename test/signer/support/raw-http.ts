/**
 * HTTP/1.1 spoken by hand over a socket, for requests no HTTP client would send: malformed
 * multipart bodies, bodies that stop half-way, pauses, clients that hang up mid-upload.
 */
import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  ms: number;
}

export interface RawFailure {
  /** What happened instead of an answer: ECONNRESET, EPIPE, timeout, closed… */
  error: string;
  ms: number;
}

/** What to do on the socket, in order: send bytes, wait, or hang up (no answer is expected after). */
export type RawStep = Buffer | string | { pauseMs: number } | 'hang-up';

/**
 * Opens a connection to `url`, performs `steps` and reads one answer (or the failure to get one)
 * within `timeoutMs`. The answer may arrive while steps are still being sent, as servers may
 * answer early; the remaining steps are then dropped.
 */
export function rawExchange(url: string, steps: RawStep[], timeoutMs: number): Promise<RawAnswer | RawFailure> {
  const { hostname, port } = new URL(url);
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    let settled = false;
    const settle = (result: RawAnswer | RawFailure) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => settle({ error: 'timeout', ms: performance.now() - started }), timeoutMs);
    const tryParse = (ended: boolean) => {
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) {
        if (ended)
          settle({
            error: received.length ? 'truncated answer' : 'closed without answer',
            ms: performance.now() - started,
          });
        return;
      }
      const lines = received.subarray(0, headEnd).toString('latin1').split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0]!)?.[1]);
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const body = received.subarray(headEnd + 4);
      const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
      if (length !== undefined ? body.length >= length : ended) {
        settle({
          status,
          headers,
          body: length !== undefined ? body.subarray(0, length) : body,
          ms: performance.now() - started,
        });
      }
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      tryParse(false);
    });
    socket.on('end', () => tryParse(true));
    socket.on('close', () => tryParse(true));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // A reset after the answer arrived still leaves the answer.
      tryParse(true);
      settle({ error: err.code ?? err.message, ms: performance.now() - started });
    });
    socket.once('connect', async () => {
      for (const step of steps) {
        if (settled || socket.destroyed) return;
        if (step === 'hang-up') {
          settle({ error: 'hung up (by the client)', ms: performance.now() - started });
          return;
        }
        if (typeof step === 'object' && 'pauseMs' in step) {
          await new Promise((r) => setTimeout(r, step.pauseMs));
          continue;
        }
        const ok = socket.write(step);
        if (!ok) await new Promise((r) => socket.once('drain', r));
      }
    });
  });
}

export function isAnswer(r: RawAnswer | RawFailure): r is RawAnswer {
  return 'status' in r;
}

/** The request line and headers of a POST /sign-pdf (Content-Length only when given). */
export function postHead(headers: Record<string, string | number | undefined>, path = '/sign-pdf'): string {
  const lines = [`POST ${path} HTTP/1.1`, 'Host: signer'];
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) lines.push(`${k}: ${v}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

export interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
  /** Extra header lines for this part. */
  headers?: string[];
}

/** A multipart/form-data body; `close: false` leaves out the final boundary. */
export function multipartBody(boundary: string, parts: FormPart[], options: { close?: boolean } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `Content-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = [
      `--${boundary}`,
      disposition,
      ...(p.contentType ? [`Content-Type: ${p.contentType}`] : []),
      ...(p.headers ?? []),
    ].join('\r\n');
    chunks.push(
      Buffer.from(`${head}\r\n\r\n`, 'latin1'),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data, 'utf8'),
      Buffer.from('\r\n', 'latin1'),
    );
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`, 'latin1'));
  return Buffer.concat(chunks);
}

/** The signer's text fields as form parts. */
export function fieldParts(fields: Record<string, string | undefined>): FormPart[] {
  return Object.entries(fields)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([name, data]) => ({ name, data }));
}
