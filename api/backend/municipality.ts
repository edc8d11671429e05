/**
 * Backend administration of the municipality's own settings (`/api/v1/admin/municipality`): its
 * name and city as registered, and its logo, which heads the public verification page of its
 * documents. Uploaded as multipart/form-data (field `logo`), PNG or JPEG up to 256 KB, recognised
 * from the bytes; for the caller's tenant only, and only for its administrators.
 */
import { Router, type Request, type Response } from 'express';
import { requireAdministrator } from '../../domain/context.js';
import { AppError, isAppError, notFound } from '../../domain/errors.js';
import {
  LOGO_MAX_BYTES,
  municipalityLogo,
  municipalityLogoImage,
  removeMunicipalityLogo,
  setMunicipalityLogo,
  type StoredLogo,
} from '../../domain/municipality/logo.js';
import type { Tenant } from '../../db/tenancy.js';
import type { ApiDeps } from '../deps.js';
import { contextOf, sendBackend, userOf } from '../http.js';
import { parseMultipart } from '../multipart.js';

const TOO_LARGE = `El logo supera ${LOGO_MAX_BYTES / 1024} KB`;

function admin(res: Response) {
  const user = requireAdministrator(userOf(res), 'cambiar los datos del municipio');
  return { tenant: contextOf(res).tenant, user };
}

/** The upload's bytes; over the limit is 413 (busboy stops reading there), anything but multipart 415. */
async function readLogoUpload(req: Request): Promise<Buffer> {
  try {
    const form = await parseMultipart(req, {
      fileField: 'logo',
      maxFileBytes: LOGO_MAX_BYTES,
      tooLargeMessage: TOO_LARGE,
    });
    return form.file?.bytes ?? Buffer.alloc(0);
  } catch (err) {
    if (isAppError(err) && err.message === TOO_LARGE) throw new AppError(413, TOO_LARGE);
    throw err;
  }
}

function logoJson(logo: StoredLogo | undefined) {
  return logo
    ? {
        content_type: logo.contentType,
        size: logo.size,
        width: logo.width,
        height: logo.height,
        updated_by: logo.updatedBy,
        updated_at: logo.updatedAt.toISOString(),
      }
    : null;
}

const municipalityJson = (tenant: Tenant, logo: StoredLogo | undefined) => ({
  name: tenant.displayName,
  city: tenant.city,
  municipality_code: tenant.municipalityCode,
  logo: logoJson(logo),
});

export function backendMunicipalityRoutes(deps: ApiDeps): Router {
  const router = Router();

  router.get('/admin/municipality', async (_req, res) => {
    const { tenant } = admin(res);
    sendBackend(res, municipalityJson(tenant, await municipalityLogo(deps.db, tenant.id)));
  });

  // The image itself, for the desk to show the administrator (the public page has its own address).
  router.get('/admin/municipality/logo', async (_req, res) => {
    const { tenant } = admin(res);
    const logo = await municipalityLogoImage(deps.db, tenant.id);
    if (!logo) throw notFound('El municipio no tiene logo');
    res
      .set({ 'Cache-Control': 'private, no-cache', 'X-Content-Type-Options': 'nosniff' })
      .type(logo.contentType)
      .send(logo.bytes);
  });

  router.put('/admin/municipality/logo', async (req, res) => {
    const { tenant, user } = admin(res);
    const logo = await setMunicipalityLogo(deps.db, tenant, await readLogoUpload(req), user.fullName);
    sendBackend(res, municipalityJson(tenant, logo), 'Logo del municipio guardado');
  });

  router.delete('/admin/municipality/logo', async (_req, res) => {
    const { tenant } = admin(res);
    await removeMunicipalityLogo(deps.db, tenant);
    sendBackend(res, municipalityJson(tenant, undefined), 'Logo del municipio quitado');
  });

  return router;
}
