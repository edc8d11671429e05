/** Integration REST: notes (spec "Integration REST: notes"). */
import { Router, type Request } from 'express';
import { archiveNote } from '../../domain/notes/archive.js';
import { NOTE_MESSAGES } from '../../domain/notes/messages.js';
import { listInbox, listSent, noteDetail } from '../../domain/notes/reads.js';
import type { ApiDeps } from '../deps.js';
import { contextOf, pathParam, queryString } from '../http.js';
import { queryFlag } from '../query-flags.js';
import { bodyParser, uuid } from '../validation.js';
import { integrationAuth } from './auth.js';

export const archiveBody = bodyParser<{ archived: boolean; sector_id: string }>({
  type: 'object',
  required: ['archived', 'sector_id'],
  properties: { archived: { type: 'boolean' }, sector_id: uuid },
});

const listInput = (req: Request) => ({
  page: queryString(req, 'page'),
  page_size: queryString(req, 'page_size'),
  search: queryString(req, 'search'),
});

export function noteRoutes(deps: ApiDeps): Router {
  const router = Router();
  const auth = integrationAuth(deps);

  router.get('/notes/received', auth, async (req, res) => {
    res.json(
      await listInbox(
        contextOf(res),
        { ...listInput(req), unread_only: queryFlag(req, 'unread_only') },
        { archived: false, flavor: 'integration' },
      ),
    );
  });

  router.get('/notes/sent', auth, async (req, res) => {
    res.json(await listSent(contextOf(res), listInput(req), 'integration'));
  });

  router.get('/notes/archived', auth, async (req, res) => {
    res.json(await listInbox(contextOf(res), listInput(req), { archived: true, flavor: 'integration' }));
  });

  router.get('/notes/:id', auth, async (req, res) => {
    res.json(await noteDetail(contextOf(res), pathParam(req, 'id'), 'integration'));
  });

  router.patch('/notes/:id/archive', auth, async (req, res) => {
    const body = archiveBody(req.body);
    const result = await archiveNote(contextOf(res), pathParam(req, 'id'), {
      archived: body.archived,
      sectorId: body.sector_id,
    });
    res.json({
      note_id: result.noteId,
      archived: result.archived,
      message: result.archived ? NOTE_MESSAGES.archived : NOTE_MESSAGES.unarchived,
    });
  });

  return router;
}
