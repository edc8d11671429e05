/** Backend: notes (`/api/v1/notes/...`, spec backend "Notes" table). */
import { Router, type Request } from 'express';
import { archiveNote } from '../../domain/notes/archive.js';
import { NOTE_MESSAGES } from '../../domain/notes/messages.js';
import { listInbox, listSent, noteDetail } from '../../domain/notes/reads.js';
import { iso } from '../../domain/documents/records.js';
import type { ApiDeps } from '../deps.js';
import { contextOf, pathParam, queryString, sendBackend } from '../http.js';
import { queryFlag } from '../query-flags.js';
import { bodyParser, uuid } from '../validation.js';

// archived defaults to true (the route archives); sector_id defaults to every receiving sector of the user.
export const archiveBody = bodyParser<{ archived?: boolean; sector_id?: string }>({
  type: 'object',
  properties: { archived: { type: 'boolean' }, sector_id: uuid },
});

const listInput = (req: Request) => ({
  page: queryString(req, 'page'),
  page_size: queryString(req, 'page_size'),
  search: queryString(req, 'search'),
});

export function backendNoteRoutes(_deps: ApiDeps): Router {
  const router = Router();

  router.get('/notes/received', async (req, res) => {
    sendBackend(
      res,
      await listInbox(
        contextOf(res),
        { ...listInput(req), unread_only: queryFlag(req, 'unread_only') },
        { archived: false, flavor: 'backend' },
      ),
    );
  });

  router.get('/notes/sent', async (req, res) => {
    sendBackend(res, await listSent(contextOf(res), listInput(req), 'backend'));
  });

  router.get('/notes/archived', async (req, res) => {
    sendBackend(res, await listInbox(contextOf(res), listInput(req), { archived: true, flavor: 'backend' }));
  });

  router.get('/notes/:id', async (req, res) => {
    sendBackend(res, await noteDetail(contextOf(res), pathParam(req, 'id'), 'backend'));
  });

  router.post('/notes/:id/archive', async (req, res) => {
    const body = archiveBody(req.body);
    const archived = body.archived ?? true;
    const result = await archiveNote(contextOf(res), pathParam(req, 'id'), {
      archived,
      ...(body.sector_id ? { sectorId: body.sector_id } : {}),
    });
    sendBackend(
      res,
      {
        note_id: result.noteId,
        archived: result.archived,
        archived_at: iso(result.archivedAt),
        sector_ids: result.sectorIds,
      },
      archived ? NOTE_MESSAGES.archived : NOTE_MESSAGES.unarchived,
    );
  });

  return router;
}
