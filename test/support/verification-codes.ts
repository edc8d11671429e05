/** A document's verification code, read from the demo tenant (every document sent to signing has one). */
import assert from 'node:assert/strict';
import { tenantDb } from '../../db/tenancy.js';
import { formatVerificationCode } from '../../lib/verification-code.js';
import { getStack } from './hooks.js';

/** The code as stored (the public API takes it with or without its dashes). */
export async function verificationCodeOf(documentId: string): Promise<string> {
  const stack = getStack();
  const row = await tenantDb(stack.db, stack.demoTenant).transaction((trx) =>
    trx('document_verification_codes').where({ document_id: documentId }).first<{ code: string }>('code'),
  );
  assert.ok(row, `document ${documentId} has a verification code`);
  return row.code;
}

/** The code as printed on the PDF and in the /verificar/ address. */
export const printedVerificationCodeOf = async (documentId: string) =>
  formatVerificationCode(await verificationCodeOf(documentId));
