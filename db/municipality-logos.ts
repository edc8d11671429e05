/** Municipality logos in the control schema (`control.municipality_logos`), one per tenant. */
import type { Db } from './connection.js';
import { CONTROL_SCHEMA } from './identifiers.js';

export interface StoredLogo {
  contentType: 'image/png' | 'image/jpeg';
  sha256: string;
  width: number;
  height: number;
  size: number;
  updatedBy: string;
  updatedAt: Date;
}

interface LogoRow {
  content_type: StoredLogo['contentType'];
  sha256: string;
  width: number;
  height: number;
  size: number;
  updated_by: string;
  updated_at: Date;
}

const logos = (db: Db) => db.withSchema(CONTROL_SCHEMA).table('municipality_logos');
const DESCRIPTION = ['content_type', 'sha256', 'width', 'height', 'updated_by', 'updated_at'] as const;

function toLogo(row: LogoRow): StoredLogo {
  return {
    contentType: row.content_type,
    sha256: row.sha256,
    width: row.width,
    height: row.height,
    size: Number(row.size),
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  };
}

/** The logo's description, without its bytes. */
export async function findLogo(db: Db, tenantId: string): Promise<StoredLogo | undefined> {
  const row = await logos(db)
    .where({ tenant_id: tenantId })
    .first<LogoRow | undefined>(...DESCRIPTION, db.raw('octet_length(bytes) as size'));
  return row && toLogo(row);
}

export async function readLogoBytes(
  db: Db,
  tenantId: string,
): Promise<{ contentType: StoredLogo['contentType']; sha256: string; bytes: Buffer } | undefined> {
  const row = await logos(db)
    .where({ tenant_id: tenantId })
    .first<{ content_type: StoredLogo['contentType']; sha256: string; bytes: Buffer } | undefined>(
      'content_type',
      'sha256',
      'bytes',
    );
  return row && { contentType: row.content_type, sha256: row.sha256, bytes: row.bytes };
}

export async function saveLogo(
  db: Db,
  tenantId: string,
  logo: {
    contentType: StoredLogo['contentType'];
    bytes: Buffer;
    sha256: string;
    width: number;
    height: number;
    updatedBy: string;
  },
): Promise<StoredLogo> {
  const values = {
    content_type: logo.contentType,
    bytes: logo.bytes,
    sha256: logo.sha256,
    width: logo.width,
    height: logo.height,
    updated_by: logo.updatedBy,
    updated_at: db.fn.now(),
  };
  const [row] = await logos(db)
    .insert({ tenant_id: tenantId, ...values })
    .onConflict('tenant_id')
    .merge(values)
    .returning<LogoRow[]>([...DESCRIPTION, db.raw('octet_length(bytes) as size')]);
  return toLogo(row!);
}

/** Whether there was a logo to remove. */
export async function deleteLogo(db: Db, tenantId: string): Promise<boolean> {
  return (await logos(db).where({ tenant_id: tenantId }).delete()) > 0;
}
