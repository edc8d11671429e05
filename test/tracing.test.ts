/**
 * OpenTelemetry tracing end to end: an API process, a worker process and a signing-service
 * process, each with OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP receiver this test runs.
 * One signature request must be one trace: the API's HTTP span, the workflow update and the
 * signing activity on the worker, its call to the signing service, and the service's HTTP span.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '../dev/ports.js';
import { waitForHttpOk } from '../dev/wait.js';
import { startTimestampAuthority, type RunningTimestampAuthority } from '../signer/tsa/server.js';
import { getStack } from './support/hooks.js';
import { endRunsOnQueue } from './support/stack.js';
import { asIntegration, demoUser, request } from './support/http.js';
import { SAMPLE_HTML } from './support/documents.js';
import { startWorkerProcess } from './support/worker-process.js';
import { until } from './support/until.js';

interface Span {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, unknown>;
}

/** An OTLP/HTTP (JSON) trace receiver keeping every span it is sent. */
async function startReceiver(): Promise<{ url: string; spans: Span[]; close(): Promise<void> }> {
  const spans: Span[] = [];
  const value = (v: Record<string, unknown>) => v.stringValue ?? v.intValue ?? v.boolValue ?? v.doubleValue;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      for (const rs of body.resourceSpans ?? []) {
        const service = String(
          value(rs.resource.attributes.find((a: { key: string }) => a.key === 'service.name').value),
        );
        for (const ss of rs.scopeSpans ?? []) {
          for (const s of ss.spans ?? []) {
            const attributes = Object.fromEntries(
              (s.attributes ?? []).map((a: { key: string; value: Record<string, unknown> }) => [a.key, value(a.value)]),
            );
            spans.push({
              service,
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId ?? '',
              name: s.name,
              attributes,
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

describe('tracing: one trace from the API through Temporal to the signing service', function () {
  this.timeout(180_000);
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let tsa: RunningTimestampAuthority;
  const children: ChildProcess[] = [];
  let taskQueue: string | undefined;
  let apiUrl: string;

  before(async () => {
    const stack = getStack();
    receiver = await startReceiver();
    const otel = (service: string) => ({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_SERVICE_NAME: service,
      OTEL_BSP_SCHEDULE_DELAY: '200',
    });
    // The stack's own authority keeps publishing the PKI's revocation data (its certificates name it).
    tsa = await startTimestampAuthority({
      port: await freePort(),
      host: '127.0.0.1',
      pkiDir: stack.pki.dir,
      log: stack.log,
      publishRevocation: false,
    });
    const signerPort = await freePort();
    const signer = spawn(process.execPath, ['--import', 'tsx', 'signer/main.ts'], {
      env: {
        ...process.env,
        ...otel('trace-signer'),
        ENVIRONMENT: 'test',
        HOST: '127.0.0.1',
        SIGNER_PORT: String(signerPort),
        API_KEY: stack.config.signer.apiKey,
        CERTS_DIR: stack.pki.certsDir,
        CERT_PASSWORDS_FILE: stack.pki.passwordsFile,
        TSA_URL: tsa.url,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    children.push(signer);
    const signerUrl = `http://127.0.0.1:${signerPort}`;
    await waitForHttpOk(`${signerUrl}/health`, 60_000, () => signer.exitCode === null);
    taskQueue = `tracing-${Date.now()}`;
    children.push(await startWorkerProcess({ taskQueue, signerUrl, env: otel('trace-worker') }));
    const apiPort = await freePort();
    apiUrl = `http://127.0.0.1:${apiPort}`;
    const api = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
      env: {
        ...process.env,
        ...otel('trace-api'),
        APP_ENV: 'test',
        DATABASE_URL: stack.databaseUrl,
        TEMPORAL_ADDRESS: stack.temporalAddress,
        TEMPORAL_TASK_QUEUE: taskQueue,
        DATA_DIR: stack.config.dataDir,
        API_PORT: String(apiPort),
        API_PUBLIC_URL: apiUrl,
        OIDC_ISSUER: stack.idp.issuer,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    children.push(api);
    await waitForHttpOk(`${apiUrl}/health`, 60_000, () => api.exitCode === null);
  });

  after(async () => {
    for (const c of children) c.kill('SIGKILL');
    if (taskQueue) await endRunsOnQueue(getStack().client, taskQueue);
    await tsa?.close();
    await receiver?.close();
  });

  it('a signature is one trace across api, worker and signer', async () => {
    const call = (path: string, user: string, json?: unknown, method = 'POST') =>
      request(path, { method, headers: asIntegration(user), json, baseUrl: apiUrl });
    const created = await call('/api/v1/documents', 'agente-obras', {
      document_type_acronym: 'DICT',
      reference: 'Dictamen trazado',
    });
    assert.equal(created.status, 201, created.text);
    const id = created.body.document_id;
    assert.equal(
      (
        await call(
          `/api/v1/documents/${id}`,
          'agente-obras',
          { content: SAMPLE_HTML, signers: [demoUser('directora-obras')] },
          'PATCH',
        )
      ).status,
      200,
    );
    assert.equal((await call(`/api/v1/documents/${id}/start-signing`, 'agente-obras')).status, 200);
    const signed = await call(`/api/v1/documents/${id}/sign`, 'directora-obras');
    assert.equal(signed.status, 200, signed.text);

    const trace = await until(
      'the signature trace reaches the signing service',
      async () => {
        const root = receiver.spans.find(
          (s) =>
            s.service === 'trace-api' &&
            String(s.attributes['http.target'] ?? s.attributes['url.path'] ?? '').endsWith(`/${id}/sign`),
        );
        if (!root) return undefined;
        const spans = receiver.spans.filter((s) => s.traceId === root.traceId);
        return spans.some((s) => s.service === 'trace-signer') ? { root, spans } : undefined;
      },
      60_000,
    );
    const services = new Set(trace.spans.map((s) => s.service));
    assert.deepEqual([...services].sort(), ['trace-api', 'trace-signer', 'trace-worker']);
    const names = trace.spans.map((s) => `${s.service}: ${s.name}`);
    assert.ok(
      names.some((n) => n.startsWith('trace-worker:') && n.includes('signDocumentRevision')),
      names.join('\n'),
    );
    assert.ok(
      names.some((n) => n.startsWith('trace-worker:') && /sign/i.test(n) && /Update/i.test(n)),
      names.join('\n'),
    );
    // The chain, parent by parent: signer's POST /sign-pdf ← worker's fetch ← RunActivity ← … ← the API's POST.
    const byId = new Map(trace.spans.map((s) => [s.spanId, s]));
    const signerSpan = trace.spans.find(
      (s) => s.service === 'trace-signer' && String(s.attributes['http.url'] ?? '').endsWith('/sign-pdf'),
    );
    assert.ok(signerSpan, 'the signing service traced POST /sign-pdf');
    const chain: string[] = [];
    for (let s: typeof signerSpan | undefined = signerSpan; s; s = byId.get(s.parentSpanId))
      chain.push(`${s.service}: ${s.name}`);
    assert.equal(chain.at(-1), 'trace-api: POST', chain.join(' ← '));
    assert.ok(
      chain.includes('trace-worker: RunActivity:signDocumentRevision') &&
        chain.includes('trace-worker: HandleUpdate:sign'),
      chain.join(' ← '),
    );
  });
});
