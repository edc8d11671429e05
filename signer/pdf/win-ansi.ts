/** Moved to lib/pdf/ (shared with the platform's rendering, which hides the end-text marker). */
export * from '../../lib/pdf/win-ansi.js';
