/** Backend: memos (`/api/v1/memos/...`, spec backend "Memos" table). */
import { Router, type Request } from 'express';
import { MEMO_MESSAGES } from '../../domain/memos/messages.js';
import { archiveMemo, memoDetail } from '../../domain/memos/detail.js';
import { listReceived, listSent, unreadCount } from '../../domain/memos/reads.js';
import type { ApiDeps } from '../deps.js';
import { contextOf, pathParam, queryString, sendBackend, sendBackendFlat } from '../http.js';
import { bodyParser } from '../validation.js';

export const archiveBody = bodyParser<{ archived: boolean }>({
  type: 'object',
  required: ['archived'],
  properties: { archived: { type: 'boolean' } },
});

const listInput = (req: Request) => {
  const q = (name: string) => queryString(req, name);
  return {
    page: q('page'),
    page_size: q('page_size'),
    search: q('search'),
    date_filter: q('date_filter'),
    date_from: q('date_from'),
    date_to: q('date_to'),
  };
};

export function backendMemoRoutes(_deps: ApiDeps): Router {
  const router = Router();

  router.get('/memos/received', async (req, res) => {
    sendBackend(res, await listReceived(contextOf(res), listInput(req), { archived: false }));
  });

  router.get('/memos/sent', async (req, res) => {
    sendBackend(res, await listSent(contextOf(res), listInput(req)));
  });

  router.get('/memos/archived', async (req, res) => {
    sendBackend(res, await listReceived(contextOf(res), listInput(req), { archived: true }));
  });

  router.get('/memos/unread-count', async (_req, res) => {
    sendBackend(res, await unreadCount(contextOf(res)));
  });

  router.get('/memos/:id', async (req, res) => {
    sendBackend(res, await memoDetail(contextOf(res), pathParam(req, 'id')));
  });

  router.patch('/memos/:id/archive', async (req, res) => {
    const { archived } = archiveBody(req.body);
    const result = await archiveMemo(contextOf(res), pathParam(req, 'id'), archived);
    sendBackendFlat(res, result, archived ? MEMO_MESSAGES.archived : MEMO_MESSAGES.unarchived);
  });

  return router;
}
