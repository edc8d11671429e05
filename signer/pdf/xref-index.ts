/** Moved to lib/pdf/ (shared with the platform's signature verification). */
export * from '../../lib/pdf/xref-index.js';
