import type { Migration } from '../types.js';
import { initial } from './001_initial.js';
import { signingRoundsAndCaseCreation } from './002_signing_rounds_and_case_creation.js';

/** Tenant-schema migrations, oldest first. Append; never reorder or edit a released one. */
export const tenantMigrations: readonly Migration[] = [initial, signingRoundsAndCaseCreation];
