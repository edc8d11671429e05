import type { Migration } from '../types.js';
import { registry } from './001_registry.js';
import { verificationIndex } from './003_verification_index.js';
import { apiKeyLifecycle } from './002_api_key_lifecycle.js';
import { systemReadKeys } from './004_system_read_keys.js';
import { municipalityLogos } from './005_municipality_logos.js';

/** Control-schema migrations, oldest first. Append; never reorder or edit a released one. */
export const controlMigrations: readonly Migration[] = [
  registry,
  verificationIndex,
  apiKeyLifecycle,
  systemReadKeys,
  municipalityLogos,
];
