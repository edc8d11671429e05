/**
 * Tenant identifiers name certificate files, so they are checked before any path is built:
 * lowercase ASCII letters, digits and underscore, starting with a letter, at most 63
 * characters — the platform's tenant schema names. No dot, slash, backslash or NUL can pass,
 * so `<CERTS_DIR>/<tenant_id>.p12` never leaves CERTS_DIR.
 */
import { SignerError } from './errors.js';

export const TENANT_ID_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;

export function checkTenantId(value: string): string {
  if (!TENANT_ID_PATTERN.test(value)) {
    throw new SignerError(
      'INVALID_TENANT_ID',
      'tenant_id may contain only lowercase letters a-z, digits and "_", must start with a letter and be at most 63 characters',
    );
  }
  return value;
}
