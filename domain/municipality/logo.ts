/**
 * The municipality's logo, shown on the public verification page of its documents. Only PNG and
 * JPEG, recognised from the bytes themselves (never from a declared type or file name: an SVG
 * could carry script), up to 256 KB and 4096 px a side, with its size in pixels read from the
 * header so the page reserves its room.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/connection.js';
import { deleteLogo, findLogo, readLogoBytes, saveLogo, type StoredLogo } from '../../db/municipality-logos.js';
import type { Tenant } from '../../db/tenancy.js';
import { AppError, badRequest, notFound } from '../errors.js';

export const LOGO_MAX_BYTES = 256 * 1024;
export const LOGO_MAX_SIDE = 4096;
export type LogoType = StoredLogo['contentType'];
export type { StoredLogo };

interface Sniffed {
  contentType: LogoType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG: the signature, then the IHDR chunk with width and height. */
function png(bytes: Buffer): Sniffed | 'damaged' | undefined {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return 'damaged';
  return { contentType: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** SOFn markers (baseline, progressive, ...); C4, C8 and CC share the range but are not frames. */
const isFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** JPEG: SOI, then segments up to the first frame header, which holds height and width. */
function jpeg(bytes: Buffer): Sniffed | 'damaged' | undefined {
  if (bytes.length < 3 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return undefined;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return 'damaged';
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return 'damaged'; // end of image or scan data before any frame
    const length = bytes.readUInt16BE(at + 2);
    if (isFrame(marker)) {
      if (at + 9 > bytes.length) return 'damaged';
      return { contentType: 'image/jpeg', height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return 'damaged';
}

/** The image's real type and size, or the refusal: 413 too large, 415 not PNG or JPEG, 400 damaged. */
export function checkLogo(bytes: Buffer): Sniffed {
  if (bytes.length === 0) throw badRequest('Envíe la imagen del logo (PNG o JPEG) en el campo logo');
  if (bytes.length > LOGO_MAX_BYTES) throw new AppError(413, `El logo supera ${LOGO_MAX_BYTES / 1024} KB`);
  const sniffed = png(bytes) ?? jpeg(bytes);
  if (!sniffed) throw new AppError(415, 'El logo debe ser una imagen PNG o JPEG');
  if (sniffed === 'damaged') throw badRequest('La imagen del logo está dañada: no se pudo leer su tamaño');
  if (sniffed.width < 1 || sniffed.height < 1 || sniffed.width > LOGO_MAX_SIDE || sniffed.height > LOGO_MAX_SIDE) {
    throw badRequest(
      `El logo debe medir entre 1 y ${LOGO_MAX_SIDE} píxeles de ancho y de alto (mide ${sniffed.width} × ${sniffed.height})`,
    );
  }
  return sniffed;
}

export function municipalityLogo(db: Db, tenantId: string): Promise<StoredLogo | undefined> {
  return findLogo(db, tenantId);
}

export async function setMunicipalityLogo(
  db: Db,
  tenant: Tenant,
  bytes: Buffer,
  updatedBy: string,
): Promise<StoredLogo> {
  const image = checkLogo(bytes);
  return saveLogo(db, tenant.id, {
    ...image,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    updatedBy,
  });
}

export async function removeMunicipalityLogo(db: Db, tenant: Tenant): Promise<void> {
  if (!(await deleteLogo(db, tenant.id))) throw notFound('El municipio no tiene logo');
}

/** The logo's bytes, for the page that shows it; undefined when the municipality has none. */
export function municipalityLogoImage(db: Db, tenantId: string) {
  return readLogoBytes(db, tenantId);
}
