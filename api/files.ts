/** `GET /files/<key>?expires=&signature=`: stored PDFs (and export packages), only through a valid, unexpired signed URL. */
import { Router } from 'express';
import { forbidden, notFound } from '../domain/errors.js';
import { assertObjectKey } from '../domain/storage/object-store.js';
import { CANONICAL_QUERY, canonicalFilePath } from '../domain/storage/signed-urls.js';
import type { ApiDeps } from './deps.js';

export function fileRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.get('/files/*key', async (req, res) => {
    const segments = (req.params as { key: string[] }).key;
    const key = segments.join('/');
    try {
      assertObjectKey(key);
    } catch {
      throw notFound('Archivo no encontrado');
    }
    // Only the URL exactly as issued: no encoded '/', no other spelling of the path, no repeated
    // or extra query parameters (each would be another URL granting the same file).
    const url = req.originalUrl;
    const mark = url.indexOf('?');
    const rawPath = mark < 0 ? url : url.slice(0, mark);
    const rawQuery = mark < 0 ? '' : url.slice(mark + 1);
    const query = CANONICAL_QUERY.exec(rawQuery);
    if (rawPath !== canonicalFilePath(key) || !query) throw forbidden('URL de archivo invalida');
    const check = deps.services.urls.verify(key, query[1], query[2]);
    if (check === 'expired') throw forbidden('La URL del archivo expiró');
    if (check === 'invalid') throw forbidden('URL de archivo invalida');
    const bytes = await deps.services.storage.get(key);
    if (!bytes) throw notFound('Archivo no encontrado');
    // Stored files are PDFs, but for the BagIt packages of case exports: a ZIP is downloaded, not shown.
    const zip = key.endsWith('.zip');
    res
      .status(200)
      .type(zip ? 'application/zip' : 'application/pdf')
      .set('Content-Disposition', `${zip ? 'attachment' : 'inline'}; filename="${segments[segments.length - 1]}"`)
      .set('Cache-Control', 'private, no-store')
      .send(bytes);
  });
  return router;
}
