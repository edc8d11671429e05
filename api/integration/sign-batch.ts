/**
 * `POST /documents/sign-batch`, its poll and its authorization on integration REST.
 * Starting, polling and answering the workflow is shared with the other interface:
 * `api/temporal/sign-batch.ts`.
 */
import { Router, type Request, type Response } from 'express';
import type { ApiDeps } from '../deps.js';
import { contextOf, pathParam } from '../http.js';
import { type BatchAnswer, batchBody, batchPollPath, signBatches } from '../temporal/sign-batch.js';
import { integrationAuth } from './auth.js';

/** Integration: POST /documents/sign-batch and GET /documents/sign-batch/:id. */
export function integrationSignBatchRoutes(deps: ApiDeps): Router {
  const router = Router();
  const auth = integrationAuth(deps);
  const batches = signBatches(deps);
  const answer = (res: Response, a: BatchAnswer) => {
    if (a.done) res.status(200).json(batchBody(a));
    else res.status(202).location(batchPollPath(a.key)).json(batchBody(a));
  };
  router.post('/documents/sign-batch', auth, async (req: Request, res) => {
    answer(res, await batches.start(contextOf(res), req.body, req.get('idempotency-key')));
  });
  router.get('/documents/sign-batch/:key', auth, async (req, res) => {
    answer(res, await batches.poll(contextOf(res), pathParam(req, 'key')));
  });
  router.post('/documents/sign-batch/:key/authorize', auth, async (req, res) => {
    answer(res, await batches.authorize(contextOf(res), pathParam(req, 'key'), req.body));
  });
  return router;
}
