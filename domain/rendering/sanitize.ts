/**
 * The content sanitizer the domain applies: on every save of document HTML and before rendering.
 * The allow-list itself lives in lib/ so the tenant migration that cleans older rows (db/, below
 * the domain) applies the very same one.
 */
export { sanitizeContent } from '../../lib/html-sanitizer.js';
