/**
 * Prometheus `/metrics` on the three processes: the API (request durations by route template),
 * the signing service (signatures by mode and outcome) and a worker process (its own metrics and
 * the Temporal SDK's workflow-task latencies), and the token that closes them.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { getStack } from './support/hooks.js';
import { asIntegration, request } from './support/http.js';
import { startWorkerProcess, type WorkerProcess } from './support/worker-process.js';
import { letterPdf } from './signer/support/pdfs.js';
import { sign } from './signer/support/http.js';

async function scrape(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(`${url}/metrics`, { headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** The value of the first sample of `name` whose labels include all of `labels`. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('metrics: /metrics on the API, the signing service and the worker', function () {
  this.timeout(120_000);

  it('the API counts requests by route template and status, never by raw path', async () => {
    const stack = getStack();
    const id = randomUUID();
    assert.equal((await request(`/api/v1/documents/${id}`, { headers: asIntegration() })).status, 404);
    await request('/health');
    const { status, type, text } = await scrape(stack.apiUrl);
    assert.equal(status, 200);
    assert.match(type, /^text\/plain; version=0\.0\.4/);
    assert.ok(
      (sample(text, 'expediente_http_request_duration_seconds_count', {
        route: '/api/v1/documents/:id',
        status: '404',
        service: 'api',
      }) ?? 0) >= 1,
      'documents/:id 404 counted',
    );
    assert.ok(
      (sample(text, 'expediente_http_request_duration_seconds_count', { route: '/health', status: '200' }) ?? 0) >= 1,
    );
    assert.ok(!text.includes(id), 'no raw ids in labels');
    assert.ok((sample(text, 'expediente_process_resident_memory_bytes', {}) ?? 0) > 0);
  });

  it('the signing service counts signatures by mode and outcome', async () => {
    const stack = getStack();
    const before = await scrape(stack.signer.url);
    const signedBefore =
      sample(before.text, 'expediente_signer_signatures_total', { mode: 'pades', outcome: 'signed' }) ?? 0;
    const refusedBefore =
      sample(before.text, 'expediente_signer_signatures_total', { outcome: 'INVALID_PDF_FORMAT' }) ?? 0;
    assert.equal(
      (await sign(stack.signer.url, { pdf: await letterPdf(), apiKey: stack.config.signer.apiKey })).status,
      200,
    );
    assert.equal(
      (await sign(stack.signer.url, { pdf: Buffer.from('not a pdf'), apiKey: stack.config.signer.apiKey })).status,
      400,
    );
    const after = await scrape(stack.signer.url);
    assert.equal(
      sample(after.text, 'expediente_signer_signatures_total', { mode: 'pades', outcome: 'signed' }),
      signedBefore + 1,
    );
    assert.equal(
      sample(after.text, 'expediente_signer_signatures_total', { outcome: 'INVALID_PDF_FORMAT' }),
      refusedBefore + 1,
    );
    assert.ok(
      (sample(after.text, 'expediente_http_request_duration_seconds_count', {
        route: '/sign-pdf',
        status: '200',
        service: 'signer',
      }) ?? 0) >= 1,
    );
  });

  describe('a worker process', () => {
    let worker: WorkerProcess | undefined;
    after(() => void worker?.kill('SIGKILL'));

    it("serves its own metrics and the Temporal SDK's workflow task latencies", async () => {
      const stack = getStack();
      const taskQueue = `metrics-${Date.now()}`;
      worker = await startWorkerProcess({ taskQueue });
      await stack.client.workflow.execute('systemCheckWorkflow', {
        taskQueue,
        workflowId: `metrics-check-${Date.now()}`,
        args: [{ tenant: 'demo' }],
      });
      const { status, text } = await scrape(worker.healthUrl);
      assert.equal(status, 200);
      assert.ok((sample(text, 'expediente_process_resident_memory_bytes', { service: 'worker' }) ?? 0) > 0);
      assert.ok(
        (sample(text, 'temporal_workflow_task_execution_latency_count', { task_queue: taskQueue }) ?? 0) >= 1,
        'workflow task latency from the SDK',
      );
      assert.ok(
        (sample(text, 'temporal_activity_execution_latency_count', { activity_type: 'recordSystemCheck' }) ?? 0) >= 1,
        'activity latency from the SDK',
      );
    });
  });

  it('with METRICS_TOKEN set, /metrics answers only the bearer of the token', async () => {
    const api = await getStack().extraApi({ METRICS_TOKEN: 'scrape-secret' });
    try {
      assert.equal((await scrape(api.url)).status, 401);
      assert.equal((await scrape(api.url, { authorization: 'Bearer wrong' })).status, 401);
      assert.equal((await scrape(api.url, { authorization: 'Bearer scrape-secret' })).status, 200);
    } finally {
      await api.close();
    }
  });
});
