/** What the signing service answers, and the check every robustness suite makes of it. */
import { ERROR_STATUS, type ErrorCode } from '../../../signer/errors.js';
import type { Tally } from './tally.js';

export interface SignerAnswer {
  status: number | string;
  headers: Headers | undefined;
  body: Buffer;
  ms: number;
}

/** A 200 is a PDF; anything else a JSON refusal with a documented code and its status (never INTERNAL_ERROR). */
export function checkSignerAnswer(tally: Tally, label: string, res: SignerAnswer): void {
  if (typeof res.status !== 'number') return;
  if (res.status === 200) {
    if (
      res.headers?.get('content-type') !== 'application/pdf' ||
      res.body.subarray(0, 5).toString('latin1') !== '%PDF-'
    )
      tally.fail(`${label}: 200 without a PDF`);
    return;
  }
  let code: string | undefined;
  try {
    code = (JSON.parse(res.body.toString('utf8')) as { code?: string }).code;
  } catch {
    tally.fail(`${label}: ${res.status} without a JSON body`);
    return;
  }
  if (!code || !(code in ERROR_STATUS) || ERROR_STATUS[code as ErrorCode] !== res.status)
    tally.fail(`${label}: ${res.status} with code ${code}`);
  if (code === 'INTERNAL_ERROR') tally.fail(`${label}: INTERNAL_ERROR`);
}
