/**
 * Text limits of the platform, one place for every interface: JSON schemas, multipart forms
 * and the domain operations all read them, so a value refused on one route is refused on every
 * other, and nothing is ever cut silently. Lengths count characters (Unicode code points).
 */
import { badRequest } from './errors.js';

export const TEXT_LIMITS = {
  reference: 500,
  /** Document HTML content. The JSON body limit (API_BODY_LIMIT, 8 MB) fits it at 4 bytes a character. */
  content: 2_000_000,
  documentTypeAcronym: 20,
  rejectReason: 2000,
  movementReason: 500,
  fullName: 200,
  email: 254,
  cuit: 20,
  /**
   * Search texts, and on MCP every other short text argument without a limit of its own (numbers,
   * acronyms, codes, ids): nobody types more, and matching a longer text only costs time.
   */
  search: 200,
} as const;

export const tooLongMessage = (name: string, max: number) => `${name} no puede superar ${max} caracteres`;

/** Characters as JSON Schema's maxLength counts them (code points, not UTF-16 units). */
export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

export function checkMaxLength(value: string, name: string, max: number): string {
  // Cheap early exit: a string can't hold more code points than UTF-16 units.
  if (value.length > max && characterCount(value) > max) throw badRequest(tooLongMessage(name, max));
  return value;
}

/**
 * A free-text search parameter, trimmed; blank means no search. One limit for every search of
 * every interface (REST, desk, MCP): a longer text is refused with 400 before it reaches the
 * database, where matching it would only cost time.
 */
export function searchTextOf(value: string | undefined, name = 'search'): string | undefined {
  const text = value?.trim();
  return text ? checkMaxLength(text, name, TEXT_LIMITS.search) : undefined;
}
