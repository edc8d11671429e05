/**
 * multipart/form-data with one file, streamed through busboy: the size limit is enforced while
 * the upload arrives (at most `maxFileBytes` + 1 chunk is ever held), never after buffering it.
 * Nothing is cut silently: a field over its size, too many parts or a second file is refused,
 * and every stream's errors (a body that ends mid-part) become a 400, never an exception.
 */
import busboy from 'busboy';
import type { Request } from 'express';
import { AppError, badRequest, unprocessable } from '../domain/errors.js';

export interface MultipartResult {
  fields: Record<string, string>;
  file?: { field: string; name: string; bytes: Buffer };
}

export interface MultipartOptions {
  fileField: string;
  maxFileBytes: number;
  tooLargeMessage: string;
}

/** Text fields are short (type acronym, reference); 64 KB is far above any accepted value. */
const LIMITS = { files: 1, fields: 20, parts: 30, fieldSize: 64 * 1024, fieldNameSize: 100, headerPairs: 50 };
const MALFORMED = 'Cuerpo multipart invalido';

export function parseMultipart(req: Request, options: MultipartOptions): Promise<MultipartResult> {
  if (!req.is('multipart/form-data'))
    return Promise.reject(new AppError(415, 'Content-Type no soportado: se espera multipart/form-data'));
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { ...LIMITS, fileSize: options.maxFileBytes },
        defParamCharset: 'utf8',
      });
    } catch {
      reject(badRequest(MALFORMED));
      return;
    }
    const fields: Record<string, string> = {};
    let file: MultipartResult['file'];
    let settled = false;
    let openFiles = 0;
    let parserClosed = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      // Drain the rest of the upload without keeping it, so the answer reaches the client; past
      // twice the file limit the client is not listening, and the connection is dropped.
      let drained = 0;
      req.on('data', (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > 2 * options.maxFileBytes) req.socket.destroy();
      });
      req.resume();
      reject(err);
    };
    const maybeDone = () => {
      if (settled || !parserClosed || openFiles > 0) return;
      settled = true;
      resolve({ fields, ...(file ? { file } : {}) });
    };
    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return fail(badRequest(`${name} excede el tamaño permitido`));
      if (name in fields) return fail(badRequest(`${name} enviado más de una vez`));
      // busboy decodes bytes that are not UTF-8 to U+FFFD; storing that would alter the text silently.
      if (value.includes('\uFFFD')) return fail(badRequest(`${name} no es texto UTF-8 valido`));
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      // Errors of the part's stream (body cut before the closing boundary) are the parser's too.
      stream.on('error', () => fail(badRequest(MALFORMED)));
      if (name !== options.fileField) {
        stream.resume();
        return fail(badRequest(`Archivo inesperado "${name}": envíe un solo archivo, como ${options.fileField}`));
      }
      openFiles++;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (!settled) chunks.push(chunk);
      });
      stream.on('limit', () => fail(unprocessable(options.tooLargeMessage)));
      stream.on('end', () => {
        openFiles--;
        if (!settled) file = { field: name, name: info.filename ?? 'file', bytes: Buffer.concat(chunks) };
        maybeDone();
      });
    });
    parser.on('filesLimit', () => fail(badRequest(`Envíe un solo archivo, como ${options.fileField}`)));
    parser.on('fieldsLimit', () => fail(badRequest('Demasiados campos en el formulario')));
    parser.on('partsLimit', () => fail(badRequest('Demasiadas partes en el formulario')));
    parser.on('error', () => fail(badRequest(MALFORMED)));
    parser.on('close', () => {
      parserClosed = true;
      maybeDone();
    });
    req.on('error', () => fail(badRequest('La carga se interrumpió')));
    req.pipe(parser);
  });
}
