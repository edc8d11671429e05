/**
 * JSON text for jsonb columns. JSON.stringify writes a lone UTF-16 surrogate as a `\udXXX`
 * escape, which PostgreSQL's jsonb refuses; such characters become U+FFFD, as they would in a
 * text column.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function jsonbText(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? v.replace(LONE_SURROGATE, '\ufffd') : v));
}
