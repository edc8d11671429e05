/** pyHanko's judgement of archive renewals (difference analysis on, revision data required). */
import assert from 'node:assert/strict';
import { getStack } from '../../support/hooks.js';
import { pyhankoValidateWithRevocation, saveTemp } from '../../signer/support/tools.js';

/**
 * pyHanko with revocation checking required, the stack's root as the trust anchor: every signature
 * (and its time-stamp) intact and trusted, every later update acceptable. Returns field → summary.
 */
export async function assertPyhankoValid(pdf: Buffer, name: string): Promise<Map<string, string>> {
  const file = await saveTemp(pdf, name);
  const py = await pyhankoValidateWithRevocation(file, getStack().pki.caCertPath);
  assert.equal(py.code, 0, py.output);
  assert.ok(py.fields.size > 0, py.output);
  for (const [field, summary] of py.fields) {
    assert.match(summary, /^INTACT:TRUSTED,TIMESTAMP_TOKEN<INTACT:TRUSTED>/, `${field}: ${summary}\n${py.output}`);
    assert.doesNotMatch(summary, /ILLEGAL|SUSPICIOUS|INVALID|UNTRUSTED/, `${field}: ${summary}\n${py.output}`);
  }
  return py.fields;
}
