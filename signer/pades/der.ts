/** Moved to lib/pades/ (shared with the platform's signature verification). */
export * from '../../lib/pades/der.js';
