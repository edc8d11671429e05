/** `GET /files/<key>?expires=&signature=`: stored PDFs, only through a valid, unexpired signed URL. */
import { Router } from 'express';
import { forbidden, notFound } from '../domain/errors.js';
import { assertObjectKey } from '../domain/storage/object-store.js';
import type { ApiDeps } from './deps.js';
import { queryString } from './http.js';

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
    const check = deps.services.urls.verify(key, queryString(req, 'expires'), queryString(req, 'signature'));
    if (check === 'expired') throw forbidden('La URL del archivo expiró');
    if (check === 'invalid') throw forbidden('URL de archivo invalida');
    const bytes = await deps.services.storage.get(key);
    if (!bytes) throw notFound('Archivo no encontrado');
    res
      .status(200)
      .type('application/pdf')
      .set('Content-Disposition', `inline; filename="${segments[segments.length - 1]}"`)
      .set('Cache-Control', 'private, no-store')
      .send(bytes);
  });
  return router;
}
