/**
 * Request bodies. JSON routes read `application/json` (or `+json`) up to API_BODY_LIMIT, with
 * nesting bounded before parsing, so no body can exhaust the stack of any walk over it. A body
 * of another type is marked, not parsed: a JSON route answers it 415 instead of reading it as
 * `{}`; the upload routes read multipart themselves.
 */
import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';

/** Deeper than any body the platform accepts (recipients, signers, record data). */
export const MAX_JSON_DEPTH = 64;

const NON_JSON_BODY = Symbol('non-JSON body');

export function isNonJsonBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && NON_JSON_BODY in body;
}

export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Deepest `[`/`{` nesting of a JSON text, skipping strings (jumps from quote to quote, so long
 * text content costs little).
 */
export function jsonDepthExceeds(buf: Buffer, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (c === 0x22) {
      // Find the closing quote: one preceded by an even number of backslashes.
      let j = i;
      for (;;) {
        j = buf.indexOf(0x22, j + 1);
        if (j < 0) return false; // unterminated: JSON.parse refuses it
        let slashes = 0;
        while (buf[j - 1 - slashes] === 0x5c) slashes++;
        if (slashes % 2 === 0) break;
      }
      i = j;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

export function jsonBody(limit: string): RequestHandler {
  const json = express.json({
    limit,
    type: ['application/json', 'application/*+json'],
    verify: (_req, _res, buf) => {
      if (jsonDepthExceeds(buf, MAX_JSON_DEPTH)) {
        throw Object.assign(new Error('JSON nested too deeply'), {
          status: 400,
          expose: true,
          type: 'entity.too.deep',
        });
      }
    },
  });
  return (req, res, next) => {
    json(req, res, (err?: unknown) => {
      if (err) return next(err);
      if (req.body === undefined && hasBody(req) && !req.is(['application/json', 'application/*+json'])) {
        req.body = { [NON_JSON_BODY]: true };
      }
      next();
    });
  };
}
