import type { Migration } from '../types.js';
import { initial } from './001_initial.js';

/** Tenant-schema migrations, oldest first. Append; never reorder or edit a released one. */
export const tenantMigrations: readonly Migration[] = [initial];
