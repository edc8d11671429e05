/**
 * Who reads `/metrics`: outside production without METRICS_TOKEN, this machine only (a request
 * relayed by a local proxy counts as its real client); in production without a token it is not
 * served (404); with a token, only its bearer — on the API, the signing service and a worker
 * process, whose Temporal SDK exporter takes a free port by itself.
 */
import assert from 'node:assert/strict';
import { getStack } from './support/hooks.js';
import { startWorkerProcess, type WorkerProcess } from './support/worker-process.js';
import { startSigner } from './signer/support/service.js';

const PRODUCTION = { APP_ENV: 'production', FILE_URL_SECRET: 'm'.repeat(32), WEBHOOK_SECRETS_KEY: 'ab'.repeat(32) };

async function scrape(url: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const res = await fetch(`${url}/metrics`, { headers });
  return { status: res.status, text: await res.text() };
}

describe('metrics: /metrics access by environment and token', function () {
  this.timeout(120_000);

  it('development: open on loopback, refused to a client relayed from elsewhere', async () => {
    const { apiUrl } = getStack();
    assert.equal((await scrape(apiUrl)).status, 200);
    const relayed = await scrape(apiUrl, { 'X-Forwarded-For': '203.0.113.7' });
    assert.equal(relayed.status, 403, relayed.text);
    assert.match(JSON.parse(relayed.text).error, /METRICS_TOKEN/);
  });

  it('production without METRICS_TOKEN: not served (404), even on loopback', async () => {
    const api = await getStack().extraApi(PRODUCTION);
    try {
      const res = await scrape(api.url);
      assert.equal(res.status, 404, res.text);
      assert.ok(!res.text.includes('expediente_'), 'no metric in the answer');
      assert.equal((await scrape(api.url, { authorization: 'Bearer anything' })).status, 404);
    } finally {
      await api.close();
    }
  });

  it('production with METRICS_TOKEN: only its bearer', async () => {
    const api = await getStack().extraApi({ ...PRODUCTION, METRICS_TOKEN: 'scrape-secret-prod' });
    try {
      assert.equal((await scrape(api.url)).status, 401);
      assert.equal((await scrape(api.url, { authorization: 'Bearer wrong' })).status, 401);
      const ok = await scrape(api.url, { authorization: 'Bearer scrape-secret-prod' });
      assert.equal(ok.status, 200);
      assert.match(ok.text, /expediente_http_request_duration_seconds/);
    } finally {
      await api.close();
    }
  });

  it('the signing service in production (ENVIRONMENT=prd): not served without a token, its bearer only with one', async () => {
    const closed = await startSigner({ ENVIRONMENT: 'prd' });
    assert.equal((await scrape(closed.url)).status, 404);
    const tokened = await startSigner({ ENVIRONMENT: 'prd', METRICS_TOKEN: 'scrape-secret-signer' });
    assert.equal((await scrape(tokened.url)).status, 401);
    assert.equal((await scrape(tokened.url, { authorization: 'Bearer scrape-secret-signer' })).status, 200);
  });

  describe('a production worker process', () => {
    let worker: WorkerProcess | undefined;
    after(() => void worker?.kill('SIGKILL'));

    it('answers its bearer only, with the SDK metrics from an exporter on a port it chose', async () => {
      worker = await startWorkerProcess({
        taskQueue: `metrics-access-${Date.now()}`,
        env: {
          ...PRODUCTION,
          METRICS_TOKEN: 'scrape-secret-worker',
          WORKER_SDK_METRICS_PORT: '',
          // Production names its identity provider; this worker never calls it.
          IDP_BASE_URL: 'http://127.0.0.1:9',
          AUTH0_MGMT_CLIENT_ID: 'm',
          AUTH0_MGMT_CLIENT_SECRET: 'm',
          AUTH0_FRONTEND_CLIENT_ID: 'f',
        },
      });
      assert.equal((await scrape(worker.healthUrl)).status, 401);
      const ok = await scrape(worker.healthUrl, { authorization: 'Bearer scrape-secret-worker' });
      assert.equal(ok.status, 200);
      assert.match(ok.text, /expediente_process_resident_memory_bytes\{service="worker"\}/);
      assert.ok(!ok.text.includes('Temporal SDK metrics unavailable'), ok.text.slice(-300));
      assert.match(ok.text, /^temporal_/m, 'the SDK exporter answered on the port the worker picked');
    });
  });
});
