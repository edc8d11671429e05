/**
 * multipart/form-data with one file, streamed through busboy: the size limit is enforced while
 * the upload arrives (at most `maxFileBytes` + 1 chunk is ever held), never after buffering it.
 */
import busboy from 'busboy';
import type { Request } from 'express';
import { badRequest, unprocessable } from '../domain/errors.js';

export interface MultipartResult {
  fields: Record<string, string>;
  file?: { field: string; name: string; bytes: Buffer };
}

export interface MultipartOptions {
  fileField: string;
  maxFileBytes: number;
  tooLargeMessage: string;
}

export function parseMultipart(req: Request, options: MultipartOptions): Promise<MultipartResult> {
  if (!req.is('multipart/form-data')) return Promise.reject(badRequest('Se espera multipart/form-data'));
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: options.maxFileBytes, files: 1, fields: 20, fieldSize: 64 * 1024 } });
    } catch {
      reject(badRequest('Cuerpo multipart invalido'));
      return;
    }
    const fields: Record<string, string> = {};
    let file: MultipartResult['file'];
    let failed = false;
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume(); // drain the rest of the upload without keeping it
      reject(err);
    };
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== options.fileField) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(unprocessable(options.tooLargeMessage)));
      stream.on('end', () => {
        if (!failed) file = { field: name, name: info.filename ?? 'file', bytes: Buffer.concat(chunks) };
      });
    });
    parser.on('error', () => fail(badRequest('Cuerpo multipart invalido')));
    parser.on('close', () => {
      if (!failed) resolve({ fields, ...(file ? { file } : {}) });
    });
    req.pipe(parser);
  });
}
