/**
 * Batch signing from the desk: the acting user signs a list of documents (at most 100), each in
 * its own signing round; the answer has one outcome per document. A 202 means the batch continues:
 * the progress is polled until it completes. The key is the batch's id: a retried call with the
 * same key attaches to the same batch and signs nothing twice.
 */
import { callEnvelope } from './client';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function signBatch(documentIds: string[], onProgress?: (done: number, total: number) => void, key: string = crypto.randomUUID()) {
  let res = await callEnvelope('post', '/api/v1/documents/sign-batch', { body: { document_ids: documentIds }, headers: { 'Idempotency-Key': key } });
  while (res.status === 202) {
    onProgress?.(res.data.done, res.data.total);
    await sleep(1500);
    res = await callEnvelope('get', '/api/v1/documents/sign-batch/{key}', { path: { key } });
  }
  return res.data;
}
