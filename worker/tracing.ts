/** Started before anything else of this process is loaded (its entry point imports it first). */
import { startTracing } from '../lib/tracing.js';

export const tracing = startTracing('expediente-worker');
