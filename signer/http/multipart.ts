/**
 * Reads a `multipart/form-data` request as it streams in (busboy): text fields into memory
 * (a few KB at most), the one file into chunks — and stops reading the moment the file passes
 * the size limit, so an oversized upload is never held, only refused. Every stream involved
 * (the request, the parser, each file part) has its errors handled: a malformed or cut-off
 * body is a refusal of that request, never an unhandled 'error' event.
 */
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { SignerError } from '../errors.js';

export interface UploadedFile {
  field: string;
  filename: string | undefined;
  /** In an ArrayBuffer of its own, which moves to the document worker and back without a copy. */
  data: Buffer;
}

export interface MultipartForm {
  fields: Map<string, string[]>;
  file: UploadedFile | undefined;
  /** A file part under another name, or a second file. */
  unexpectedFile: string | undefined;
  /** The upload was cut off because the file passed the size limit. */
  fileTooLarge: boolean;
  /** Fields whose value passed `maxFieldBytes` (kept cut at it). */
  truncatedFields: Set<string>;
}

/** Body bytes consumed so far (what is left may still have to be drained before answering). */
export interface UploadMeter {
  bytes: number;
}

const LIMITS = { fields: 32, fieldSize: 4096, parts: 40, fieldNameSize: 100, headerPairs: 50 };

export function readMultipart(
  req: IncomingMessage,
  options: {
    fileField: string;
    maxFileBytes: number;
    maxBodyBytes: number;
    signal: AbortSignal;
    meter: UploadMeter;
    /** Largest text field (default 4 KB; a certificate chain in PEM needs more). */
    maxFieldBytes?: number;
  },
): Promise<MultipartForm> {
  return new Promise((resolve, reject) => {
    const type = req.headers['content-type'] ?? '';
    if (!/^multipart\/form-data\b/i.test(type)) {
      reject(new SignerError('INVALID_PARAMETERS', 'the request must be multipart/form-data with the PDF in pdf_file'));
      return;
    }
    let parser: busboy.Busboy;
    try {
      // busboy flags a file that reaches its limit, so the limit is one byte above the largest allowed.
      parser = busboy({
        headers: req.headers,
        limits: {
          ...LIMITS,
          fieldSize: options.maxFieldBytes ?? LIMITS.fieldSize,
          files: 4,
          fileSize: options.maxFileBytes + 1,
        },
        defParamCharset: 'utf8',
      });
    } catch {
      reject(new SignerError('INVALID_PARAMETERS', 'malformed multipart/form-data header (boundary missing)'));
      return;
    }
    const form: MultipartForm = {
      fields: new Map(),
      file: undefined,
      unexpectedFile: undefined,
      fileTooLarge: false,
      truncatedFields: new Set(),
    };
    let settled = false;
    let openFiles = 0;
    let parserClosed = false;
    // Done when the parser has seen the whole body and every file part has been read.
    const maybeDone = () => {
      if (parserClosed && openFiles === 0) finish();
    };
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      options.signal.removeEventListener('abort', onAbort);
      req.off('data', count);
      req.unpipe(parser);
      if (err) reject(err);
      else resolve(form);
    };
    const malformed = () =>
      finish(
        new SignerError(
          'INVALID_PARAMETERS',
          'malformed multipart/form-data body (cut off, or not closed by its final boundary)',
        ),
      );
    const onAbort = () => finish(options.signal.reason instanceof Error ? options.signal.reason : new Error('aborted'));
    options.signal.addEventListener('abort', onAbort);

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) form.truncatedFields.add(name);
      const list = form.fields.get(name) ?? [];
      list.push(value);
      form.fields.set(name, list);
    });
    let fileSeen = false;
    parser.on('file', (name, stream, info) => {
      // busboy reports a body cut off inside a part on the part's stream as well as on itself.
      stream.on('error', malformed);
      if (name !== options.fileField || fileSeen) {
        form.unexpectedFile ??= name;
        stream.resume();
        return;
      }
      fileSeen = true;
      // One buffer, sized from Content-Length when known and grown by doubling otherwise: the
      // upload is copied once and the socket's chunks are released as they arrive.
      const declared = Number(req.headers['content-length']) || 0;
      let buffer = ownBuffer(Math.min(options.maxFileBytes + 1, declared || 256 * 1024));
      let size = 0;
      openFiles++;
      stream.on('data', (chunk: Buffer) => {
        if (form.fileTooLarge) return;
        if (size + chunk.length > buffer.length) {
          const grown = ownBuffer(Math.min(options.maxFileBytes + 1, Math.max(buffer.length * 2, size + chunk.length)));
          buffer.copy(grown, 0, 0, size);
          buffer = grown;
        }
        size += chunk.copy(buffer, size);
      });
      stream.on('limit', () => {
        // Stop reading here; the caller refuses the request.
        form.fileTooLarge = true;
        buffer = Buffer.alloc(0);
        finish();
      });
      stream.on('end', () => {
        if (size > options.maxFileBytes) form.fileTooLarge = true;
        if (!form.fileTooLarge) form.file = { field: name, filename: info.filename, data: buffer.subarray(0, size) };
        openFiles--;
        maybeDone();
      });
    });
    const limitReached = (what: string) => () =>
      finish(new SignerError('INVALID_PARAMETERS', `too many ${what} in the form`));
    parser.on('partsLimit', limitReached('parts'));
    parser.on('filesLimit', limitReached('files'));
    parser.on('fieldsLimit', limitReached('fields'));
    parser.on('error', malformed);
    parser.on('close', () => {
      parserClosed = true;
      maybeDone();
    });
    req.on('error', () => finish(new SignerError('INVALID_PARAMETERS', 'the upload was interrupted')));
    req.on('close', () => {
      if (!req.complete) finish(new SignerError('INVALID_PARAMETERS', 'the upload was interrupted'));
    });
    // Fields and part headers are limited by busboy, the file by its own limit; this bounds
    // everything else (preamble, epilogue, parts busboy skips).
    const count = (chunk: Buffer) => {
      options.meter.bytes += chunk.length;
      if (options.meter.bytes > options.maxBodyBytes && !form.fileTooLarge) {
        finish(new SignerError('INVALID_PARAMETERS', `the form is larger than ${options.maxBodyBytes} bytes`));
      }
    };
    req.on('data', count);
    req.pipe(parser);
  });
}

/**
 * Never a slice of Node's shared allocation pool, so it can be transferred to a worker; not
 * zero-filled, as every byte used is written first.
 */
function ownBuffer(size: number): Buffer {
  return Buffer.allocUnsafeSlow(size);
}
