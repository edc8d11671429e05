/**
 * Batch signing from the desk: the acting user signs a list of documents (at most 100), each in
 * its own signing round; the answer has one outcome per document. A 202 means the batch continues:
 * the progress is polled until it completes. The key is the batch's id: a retried call with the
 * same key attaches to the same batch and signs nothing twice. A personal signer's batch stops at
 * `authorization_required`: its signatures are prepared and one code e-mailed for all of them,
 * which `authorizeBatch` takes.
 */
import { callEnvelope, type Data } from './client';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type BatchAnswer = Data<'get', '/api/v1/documents/sign-batch/{key}'>;

/** Polls the batch until it completes or waits for its code. */
async function untilSettled(
  res: { status: number; data: BatchAnswer },
  key: string,
  onProgress?: (done: number, total: number) => void,
): Promise<BatchAnswer> {
  while (res.status === 202 && !res.data.authorization_required) {
    onProgress?.(res.data.done, res.data.total);
    await sleep(1500);
    res = await callEnvelope('get', '/api/v1/documents/sign-batch/{key}', { path: { key } });
  }
  return res.data;
}

export async function signBatch(
  documentIds: string[],
  onProgress?: (done: number, total: number) => void,
  key: string = crypto.randomUUID(),
) {
  const res = await callEnvelope('post', '/api/v1/documents/sign-batch', {
    body: { document_ids: documentIds },
    headers: { 'Idempotency-Key': key },
  });
  return untilSettled(res, key, onProgress);
}

/** The code of a personal signer's batch: every prepared signature made, then the batch polled to its end. */
export async function authorizeBatch(key: string, code: string, onProgress?: (done: number, total: number) => void) {
  const res = await callEnvelope('post', '/api/v1/documents/sign-batch/{key}/authorize', {
    path: { key },
    body: { code },
  });
  return untilSettled(res, key, onProgress);
}
