/**
 * `POST /documents/sign-batch`, its poll and its authorization on the backend (envelope).
 * Starting, polling and answering the workflow is shared with the other interface:
 * `api/temporal/sign-batch.ts`.
 */
import { Router, type Response } from 'express';
import type { ApiDeps } from '../deps.js';
import { contextOf, pathParam, sendBackend } from '../http.js';
import { type BatchAnswer, batchBody, batchPollPath, signBatches } from '../temporal/sign-batch.js';

/** Backend (envelope): the same two routes; its router authenticates /documents. */
export function backendSignBatchRoutes(deps: ApiDeps): Router {
  const router = Router();
  const batches = signBatches(deps);
  const answer = (res: Response, a: BatchAnswer) => {
    const message = `${a.progress.done} de ${a.progress.total} documentos procesados`;
    if (a.done) sendBackend(res, batchBody(a), message);
    else sendBackend(res.location(batchPollPath(a.key)), batchBody(a), message, 202);
  };
  router.post('/documents/sign-batch', async (req, res) => {
    answer(res, await batches.start(contextOf(res), req.body, req.get('idempotency-key')));
  });
  router.get('/documents/sign-batch/:key', async (req, res) => {
    answer(res, await batches.poll(contextOf(res), pathParam(req, 'key')));
  });
  router.post('/documents/sign-batch/:key/authorize', async (req, res) => {
    answer(res, await batches.authorize(contextOf(res), pathParam(req, 'key'), req.body));
  });
  return router;
}
