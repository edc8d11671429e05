/**
 * Every bound the reader puts on numbers and sizes taken from a file. A document that needs
 * more is refused as unreadable (INVALID_PDF_FILE) with a message naming the limit: a hostile
 * or broken file must cost bounded time and memory, whatever it declares. The values sit far
 * above what a Letter document of at most 10 MB needs.
 */

/** Highest object number (ISO 32000-1, Annex C: 8,388,607 indirect objects). */
export const MAX_OBJECT_NUMBER = 8_388_607;

/**
 * Cross-reference entries held for one document, relative to the file's size: one entry per
 * 4 bytes is far beyond any real file (a table row alone takes 20), plus a floor for tiny files.
 */
export function maxXrefEntries(fileLength: number): number {
  return Math.max(65_536, Math.floor(fileLength / 4));
}

/** Cross-reference subsections (runs of consecutive numbers) held for one document. */
export const MAX_XREF_RUNS = 100_000;

/** Widest field of a cross-reference stream row (8 bytes: a 64-bit number). */
export const MAX_XREF_FIELD_WIDTH = 8;

/** Decoded bytes of one stream, and of all streams decoded while reading one document. */
export const MAX_STREAM_DECODED_BYTES = 16 * 1024 * 1024;
export const MAX_DOCUMENT_DECODED_BYTES = 32 * 1024 * 1024;

/** Objects being loaded inside one another (a /Length inside an object stream inside …). */
export const MAX_NESTED_LOADS = 64;

/** Arrays and dictionaries nested in one object; arrays nested in a content stream. */
export const MAX_OBJECT_DEPTH = 100;
export const MAX_CONTENT_ARRAY_DEPTH = 16;
/** Items of one array in a content stream (a TJ array of a full line holds a few hundred). */
export const MAX_CONTENT_ARRAY_ITEMS = 65_536;

/** Operands kept before an operator in a content stream (the largest operator takes 6). */
export const MAX_OPERANDS = 64;

/** Form XObjects drawn while looking for the end-text marker on one page. */
export const MAX_FORM_INVOCATIONS = 10_000;

/** Codespace ranges (checked for every character code) and bfrange entries kept from one CMap. */
export const MAX_CODESPACE_RANGES = 256;
export const MAX_CMAP_RANGES = 65_536;

export const MIB = 1024 * 1024;

/**
 * Pages of one document, and page-tree levels above a page. A municipal file of 5,000 Letter
 * pages is far beyond any document a desk signs; a page tree is a few levels deep (a balanced
 * tree of 5,000 pages needs 4).
 */
export const MAX_PAGES = 5_000;
export const MAX_PAGE_TREE_DEPTH = 32;

/**
 * Indirect objects written in one file (`n g obj`, counted over the whole file as a linear
 * parser such as pdf-lib reads them, reachable or not). A 10 MB Letter document holds a few
 * tens of thousands.
 */
export const MAX_FILE_OBJECTS = 250_000;

/**
 * Decoded bytes of all page contents of one document, when an upload is checked (each stream
 * still within MAX_STREAM_DECODED_BYTES): a bound on the time a check may spend inflating,
 * well above the contents of any real document of at most 10 MB.
 */
export const MAX_CONTENT_DECODED_BYTES = 256 * MIB;
