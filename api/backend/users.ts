/**
 * Backend users routes (`/api/v1/users/...`) and the session (`/api/v1/auth/me`). Creating users,
 * resending invitations and reading provisioning status are for administrators.
 */
import { Router, type Response } from 'express';
import { requireAdministrator } from '../../domain/context.js';
import { conflict } from '../../domain/errors.js';
import { SIGNATURE_MESSAGES } from '../../domain/signatures/messages.js';
import {
  activeUsers,
  searchUserDirectory,
  sessionOf,
  userDocuments,
  userProfile,
} from '../../domain/users/directory.js';
import {
  SIGNATURE_MODES,
  setDefaultSignatureMode,
  setUserSignatureMode,
  signatureSettings,
  type SignatureMode,
  type SignatureSettings,
} from '../../domain/signatures/modes.js';
import type { ApiDeps } from '../deps.js';
import { contextOf, pathParam, queryString, sendBackend, userOf } from '../http.js';
import { userProvisioning } from '../temporal/user-provisioning.js';
import { bodyParser, requiredText, uuid } from '../validation.js';
import { TEXT_LIMITS } from '../../domain/limits.js';

export const createBody = bodyParser<{
  email: string;
  full_name: string;
  role: 'director' | 'empleado';
  sector_id: string;
  additional_sectors?: { sector_id: string; can_view?: boolean; can_edit?: boolean }[];
  cuit?: string | null;
  can_edit?: boolean;
}>({
  type: 'object',
  required: ['email', 'full_name', 'role', 'sector_id'],
  properties: {
    email: { type: 'string', format: 'email', maxLength: TEXT_LIMITS.email },
    full_name: requiredText(TEXT_LIMITS.fullName),
    role: { type: 'string', enum: ['director', 'empleado'] },
    sector_id: uuid,
    can_edit: { type: 'boolean' },
    cuit: { anyOf: [{ type: 'string', maxLength: TEXT_LIMITS.cuit }, { type: 'null' }] },
    additional_sectors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['sector_id'],
        properties: { sector_id: uuid, can_view: { type: 'boolean' }, can_edit: { type: 'boolean' } },
      },
    },
  },
});

export const userModeBody = bodyParser<{ mode: SignatureMode | null }>({
  type: 'object',
  required: ['mode'],
  properties: { mode: { anyOf: [{ type: 'string', enum: [...SIGNATURE_MODES] }, { type: 'null' }] } },
});
export const defaultModeBody = bodyParser<{ default_mode: SignatureMode }>({
  type: 'object',
  required: ['default_mode'],
  properties: { default_mode: { type: 'string', enum: [...SIGNATURE_MODES] } },
});

const settingsJson = (s: SignatureSettings) => ({
  default_mode: s.defaultMode,
  users: s.users.map((u) => ({ user_id: u.userId, full_name: u.fullName, mode: u.mode })),
});

function requireAdmin(res: Response): void {
  requireAdministrator(userOf(res), 'gestionar usuarios');
}

export function backendUserRoutes(deps: ApiDeps): Router {
  const router = Router();
  const provisioning = userProvisioning(deps);

  router.get('/auth/me', (_req, res) => {
    sendBackend(res, sessionOf(userOf(res)));
  });

  router.get('/users', async (_req, res) => {
    sendBackend(res, await activeUsers(contextOf(res)));
  });

  router.get('/users/search', async (req, res) => {
    sendBackend(
      res,
      await searchUserDirectory(contextOf(res), {
        query: queryString(req, 'query'),
        page: queryString(req, 'page'),
        page_size: queryString(req, 'page_size'),
      }),
    );
  });

  router.post('/users', async (req, res) => {
    requireAdmin(res);
    const body = createBody(req.body);
    const primary = { sectorId: body.sector_id, canView: true, canEdit: body.can_edit ?? true, isPrimary: true };
    const others = (body.additional_sectors ?? [])
      .filter((s) => s.sector_id !== body.sector_id)
      .map((s) => ({
        sectorId: s.sector_id,
        canView: s.can_view ?? true,
        canEdit: s.can_edit ?? false,
        isPrimary: false,
      }));
    const result = await provisioning.create(contextOf(res), {
      email: body.email.trim(),
      fullName: body.full_name.trim(),
      role: body.role,
      cuit: body.cuit ?? null,
      sectors: [primary, ...others],
    });
    if (result.done) {
      const s = result.value;
      sendBackend(
        res,
        { user_id: s.userId, email: s.email, provisioning_status: s.status, ticket_expires_at: s.ticketExpiresAt },
        s.status === 'linked_social'
          ? 'Usuario vinculado a su cuenta existente'
          : 'Usuario creado; se envió el email de activación',
        201,
      );
    } else {
      sendBackend(
        res,
        { email: body.email.trim().toLowerCase(), provisioning_status: 'provisioning' },
        'El alta del usuario está en curso',
        202,
      );
    }
  });

  router.post('/users/:id/resend-invitation', async (req, res) => {
    requireAdmin(res);
    const sent = await provisioning.resend(contextOf(res), pathParam(req, 'id'));
    sendBackend(
      res,
      { user_id: pathParam(req, 'id'), workflow_id: sent.workflowId },
      'Se enviará un nuevo email de activación',
      202,
    );
  });

  router.get('/users/:id/provisioning', async (req, res) => {
    requireAdmin(res);
    sendBackend(res, await provisioning.status(contextOf(res), pathParam(req, 'id')));
  });

  router.post('/users/:id/deactivate', async (req, res) => {
    requireAdmin(res);
    const done = await provisioning.deactivate(contextOf(res), pathParam(req, 'id'));
    sendBackend(
      res,
      {
        user_id: done.userId,
        is_active: false,
        deactivated_at: done.deactivatedAt,
        credential_revocation_workflow_id: done.revocationWorkflowId,
      },
      done.alreadyInactive
        ? 'El usuario ya estaba dado de baja'
        : 'Usuario dado de baja; se revoca su certificado de firma personal',
    );
  });

  /** Personal signatures need a remote signing service: without one, choosing them is refused. */
  const personalAvailable = (mode: SignatureMode | null) => {
    if (mode === 'personal' && !deps.config.csc.url) throw conflict(SIGNATURE_MESSAGES.remoteNotConfigured);
  };

  router.put('/users/:id/signature-mode', async (req, res) => {
    const body = userModeBody(req.body);
    personalAvailable(body.mode);
    const set = await setUserSignatureMode(contextOf(res), pathParam(req, 'id'), body.mode);
    sendBackend(
      res,
      { user_id: set.userId, mode: set.mode, effective_mode: set.effective },
      'Modo de firma actualizado',
    );
  });

  router.get('/admin/signatures', async (_req, res) => {
    sendBackend(res, settingsJson(await signatureSettings(contextOf(res))));
  });

  router.put('/admin/signatures', async (req, res) => {
    personalAvailable(defaultModeBody(req.body).default_mode);
    sendBackend(
      res,
      settingsJson(await setDefaultSignatureMode(contextOf(res), defaultModeBody(req.body).default_mode)),
      'Modo de firma del municipio actualizado',
    );
  });

  router.get('/users/:id/profile', async (req, res) => {
    sendBackend(res, await userProfile(contextOf(res), pathParam(req, 'id')));
  });

  router.get('/users/:id/documents', async (req, res) => {
    const q = (n: string) => queryString(req, n);
    sendBackend(
      res,
      await userDocuments(contextOf(res), pathParam(req, 'id'), {
        page: q('page'),
        page_size: q('page_size'),
        status: q('status'),
        document_type: q('document_type'),
        search: q('search'),
        date_from: q('date_from'),
        date_to: q('date_to'),
      }),
    );
  });

  return router;
}
