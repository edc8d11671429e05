/**
 * Reads a `multipart/form-data` request as it streams in (busboy): text fields into memory
 * (a few KB at most), the one file into chunks — and stops reading the moment the file passes
 * the size limit, so an oversized upload is never held, only refused.
 */
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { SignerError } from '../errors.js';

export interface UploadedFile {
  field: string;
  filename: string | undefined;
  data: Buffer;
}

export interface MultipartForm {
  fields: Map<string, string[]>;
  file: UploadedFile | undefined;
  /** A file part under another name, or a second file. */
  unexpectedFile: string | undefined;
  /** The upload was cut off because the file passed the size limit. */
  fileTooLarge: boolean;
}

const LIMITS = { fields: 32, fieldSize: 4096, parts: 40, fieldNameSize: 100, headerPairs: 50 };

export function readMultipart(req: IncomingMessage, options: { fileField: string; maxFileBytes: number; signal: AbortSignal }): Promise<MultipartForm> {
  return new Promise((resolve, reject) => {
    const type = req.headers['content-type'] ?? '';
    if (!/^multipart\/form-data\b/i.test(type)) {
      reject(new SignerError('INVALID_PARAMETERS', 'the request must be multipart/form-data with the PDF in pdf_file'));
      return;
    }
    let parser: busboy.Busboy;
    try {
      // busboy flags a file that reaches its limit, so the limit is one byte above the largest allowed.
      parser = busboy({ headers: req.headers, limits: { ...LIMITS, files: 4, fileSize: options.maxFileBytes + 1 }, defParamCharset: 'utf8' });
    } catch {
      reject(new SignerError('INVALID_PARAMETERS', 'malformed multipart/form-data header (boundary missing)'));
      return;
    }
    const form: MultipartForm = { fields: new Map(), file: undefined, unexpectedFile: undefined, fileTooLarge: false };
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
      req.unpipe(parser);
      if (err) reject(err);
      else resolve(form);
    };
    const onAbort = () => finish(options.signal.reason instanceof Error ? options.signal.reason : new Error('aborted'));
    options.signal.addEventListener('abort', onAbort);

    parser.on('field', (name, value) => {
      const list = form.fields.get(name) ?? [];
      list.push(value);
      form.fields.set(name, list);
    });
    let fileSeen = false;
    parser.on('file', (name, stream, info) => {
      if (name !== options.fileField || fileSeen) {
        form.unexpectedFile ??= name;
        stream.resume();
        return;
      }
      fileSeen = true;
      // One buffer, sized from Content-Length when known and grown by doubling otherwise: the
      // upload is copied once and the socket's chunks are released as they arrive.
      const declared = Number(req.headers['content-length']) || 0;
      let buffer = Buffer.allocUnsafe(Math.min(options.maxFileBytes + 1, declared || 256 * 1024));
      let size = 0;
      openFiles++;
      stream.on('data', (chunk: Buffer) => {
        if (form.fileTooLarge) return;
        if (size + chunk.length > buffer.length) {
          const grown = Buffer.allocUnsafe(Math.min(options.maxFileBytes + 1, Math.max(buffer.length * 2, size + chunk.length)));
          buffer.copy(grown, 0, 0, size);
          buffer = grown;
        }
        size += chunk.copy(buffer, size);
      });
      stream.on('limit', () => {
        // Stop reading here; the caller refuses the request and closes the connection.
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
    const limitReached = (what: string) => () => finish(new SignerError('INVALID_PARAMETERS', `too many ${what} in the form`));
    parser.on('partsLimit', limitReached('parts'));
    parser.on('filesLimit', limitReached('files'));
    parser.on('fieldsLimit', limitReached('fields'));
    parser.on('error', () => finish(new SignerError('INVALID_PARAMETERS', 'malformed multipart/form-data body')));
    parser.on('close', () => {
      parserClosed = true;
      maybeDone();
    });
    req.on('close', () => {
      if (!req.complete) finish(new SignerError('INVALID_PARAMETERS', 'the upload was interrupted'));
    });
    req.pipe(parser);
  });
}
