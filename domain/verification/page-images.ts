/**
 * The registered document itself, for whoever holds its code: the newest official file (to
 * download) and an image of each of its first pages, so a citizen can compare a paper or PDF
 * copy with what was signed — a forgery that prints a real number and code over other text
 * shows here. Images are drawn once (domain/rendering/pdf-pages.ts) and kept in the object
 * store under the official file's SHA-256, page and resolution: a later view only reads them.
 * Only official (signed, not deleted) documents answer; the cache is reached only through them.
 */
import type { Db } from '../../db/connection.js';
import { normalizeVerificationCode } from '../../lib/verification-code.js';
import { PageRenderError, imageSize, pdfLayout, renderPdfPage } from '../rendering/pdf-pages.js';
import { assertObjectKey, type ObjectStore } from '../storage/object-store.js';
import { loadPublicRecord, locateCode, type PublicDocumentRecord } from './registry.js';

/** Resolution of the page images: text stays legible at 100 % on a phone or a desktop. */
export const PAGE_IMAGE_DPI = 150;
/** Pages shown as images; the rest are in the download. */
export const MAX_PAGES_SHOWN = 50;

/** A file or page that could not be drawn is tried again after this long (pdf.js may be updated meanwhile). */
const RETRY_FAILED_AFTER_MS = 10 * 60_000;
const FAILED_KEYS_KEPT = 1000;

export interface PageImage {
  /** From 1. */
  number: number;
  width: number;
  height: number;
}

export interface PagesLayout {
  /** Pages in the registered file. */
  count: number;
  /** The first pages, shown as images (at most MAX_PAGES_SHOWN). */
  shown: PageImage[];
}

/** The cache of one official file, by its SHA-256 (a hex digest: a safe key part). */
function cacheKey(sha256: string, name: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('invalid SHA-256');
  return assertObjectKey(`verification-pages/${sha256}/${name}`);
}

const layoutKey = (sha256: string) => cacheKey(sha256, `layout-${MAX_PAGES_SHOWN}.json`);
const imageKey = (sha256: string, page: number, dpi: number) => cacheKey(sha256, `${dpi}dpi/page-${page}.png`);

/** Where page `page` of the official file with this SHA-256 is kept once drawn. */
export const registeredPageKey = (sha256: string, page: number) => imageKey(sha256, page, PAGE_IMAGE_DPI);

/**
 * Memos and notes are person-to-person: their code still verifies them, but their pages and file
 * are not shown to whoever holds the code (a blind-copy recipient's code must not be a way in).
 */
const PRIVATE_TYPES = new Set(['MEMO', 'NOTA']);

export const showsPages = (record: PublicDocumentRecord) => !PRIVATE_TYPES.has(record.documentTypeAcronym);

export class RegisteredPages {
  /** Work under way, by cache key: requests for the same page at once draw it once. */
  private readonly pending = new Map<string, Promise<unknown>>();
  /** Files or pages pdf.js could not draw, by cache key, until when they are not tried again. */
  private readonly failed = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStore,
  ) {}

  /**
   * The official document of a code whose pages may be shown (undefined: not a code, unknown, not
   * official, deleted, or a memo or note).
   */
  async find(input: string): Promise<PublicDocumentRecord | undefined> {
    const code = normalizeVerificationCode(input);
    const location = code && (await locateCode(this.db, code));
    const record = location ? await loadPublicRecord(this.db, location) : undefined;
    return record && showsPages(record) ? record : undefined;
  }

  /** The registered official file (newest revision); undefined if the store lost it. */
  pdf(record: PublicDocumentRecord): Promise<Buffer | undefined> {
    return this.storage.get(record.officialStorageKey);
  }

  /** The page count and the pages shown; null when the file cannot be drawn (the download still works). */
  async layout(record: PublicDocumentRecord): Promise<PagesLayout | null> {
    const key = layoutKey(record.officialSha256);
    const sizes = await this.once(key, async () => {
      const cached = await this.storage.get(key);
      if (cached) return JSON.parse(cached.toString('utf8')) as { count: number; sizes: [number, number][] };
      if (this.failedRecently(key)) return null;
      const bytes = await this.pdf(record);
      if (!bytes) return null;
      try {
        const found = await pdfLayout(bytes, MAX_PAGES_SHOWN);
        await this.storage.put(key, Buffer.from(JSON.stringify(found)));
        return found;
      } catch (err) {
        if (!(err instanceof PageRenderError)) throw err;
        this.remember(key);
        return null;
      }
    });
    if (!sizes) return null;
    return {
      count: sizes.count,
      shown: sizes.sizes
        .slice(0, MAX_PAGES_SHOWN)
        .map(([w, h], i) => ({ number: i + 1, ...pick(imageSize(w, h, PAGE_IMAGE_DPI)) })),
    };
  }

  /**
   * Page `page` as PNG (drawn on first request, then read from the store); undefined when the
   * page is not one of those shown or the file cannot be drawn.
   */
  async image(record: PublicDocumentRecord, page: number): Promise<Buffer | undefined> {
    if (!Number.isInteger(page) || page < 1 || page > MAX_PAGES_SHOWN) return undefined;
    const key = imageKey(record.officialSha256, page, PAGE_IMAGE_DPI);
    return this.once(key, async () => {
      const cached = await this.storage.get(key);
      if (cached) return cached;
      if (this.failedRecently(key)) return undefined;
      const layout = await this.layout(record);
      if (!layout || page > layout.shown.length) return undefined;
      const bytes = await this.pdf(record);
      if (!bytes) return undefined;
      try {
        const rendered = await renderPdfPage(bytes, page, PAGE_IMAGE_DPI);
        const png = Buffer.from(rendered.png.buffer, rendered.png.byteOffset, rendered.png.byteLength);
        await this.storage.put(key, png);
        return png;
      } catch (err) {
        if (!(err instanceof PageRenderError)) throw err;
        this.remember(key);
        return undefined;
      }
    });
  }

  /** A file that took a worker its whole time limit is not drawn again at every request. */
  private failedRecently(key: string): boolean {
    const until = this.failed.get(key);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.failed.delete(key);
    return false;
  }

  private remember(key: string): void {
    // Bounded: the oldest entry goes first.
    if (this.failed.size >= FAILED_KEYS_KEPT) this.failed.delete(this.failed.keys().next().value!);
    this.failed.set(key, Date.now() + RETRY_FAILED_AFTER_MS);
  }

  private once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.pending.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = work().finally(() => this.pending.delete(key));
    this.pending.set(key, started);
    return started;
  }
}

const pick = ({ width, height }: { width: number; height: number }) => ({ width, height });
