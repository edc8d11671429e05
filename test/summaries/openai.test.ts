/**
 * The OpenAI-compatible provider against a local server speaking chat completions: the request it
 * sends, the cleaning of the answer, the timeout and how failures are classified; then, through a
 * worker configured with AI_BASE_URL, that SummaryWorkflow retries a 429 and does not retry a 400.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { NativeConnection, type Worker } from '@temporalio/worker';
import { tenantDb } from '../../db/tenancy.js';
import {
  AI_INPUT_BUDGET_CHARS,
  OpenAiCompatibleSummarizer,
  SummaryProviderError,
  SUMMARY_MAX_CHARS,
} from '../../domain/summaries/index.js';
import { SYSTEM_PROMPT } from '../../domain/summaries/openai.js';
import {
  SUMMARY_WORKFLOW,
  summarySignalWithStart,
  type SummaryRunResult,
  type SummaryWorkflow,
} from '../../contract/summaries.js';
import { createWorker, externalDeps } from '../../worker/create-worker.js';
import { getStack } from '../support/hooks.js';
import { createRecord, integration } from '../records/support.js';
import { startChatServer, type ChatServer } from './chat-server.js';
import { summaryRunResult } from './runs.js';

async function failure(promise: Promise<unknown>): Promise<SummaryProviderError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof SummaryProviderError, `a SummaryProviderError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected the provider to fail');
}

describe('summaries: OpenAI-compatible provider', function () {
  this.timeout(120_000);
  let server: ChatServer;
  let provider: OpenAiCompatibleSummarizer;

  before(async () => {
    server = await startChatServer();
    provider = new OpenAiCompatibleSummarizer({
      baseUrl: server.baseUrl,
      model: 'modelo-prueba',
      apiKey: 'clave-secreta',
      timeoutMs: 1_000,
    });
  });
  after(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  it('posts a chat completion with the model, a Spanish instruction, the text and the bearer key', async () => {
    server.script({ answer: 'La ordenanza regula el arbolado público.' });
    const summary = await provider.summarize({ kind: 'memo', text: 'Texto del memorándum sobre el arbolado.' });
    assert.deepEqual(summary, {
      text: 'La ordenanza regula el arbolado público.',
      provider: 'openai',
      model: 'modelo-prueba',
    });
    const [req] = server.requests;
    assert.equal(req!.method, 'POST');
    assert.equal(req!.path, '/v1/chat/completions');
    assert.equal(req!.headers.authorization, 'Bearer clave-secreta');
    assert.match(String(req!.headers['content-type']), /^application\/json/);
    assert.equal(req!.body.model, 'modelo-prueba');
    assert.equal(req!.body.stream, false);
    assert.deepEqual(
      req!.body.messages.map((m) => m.role),
      ['system', 'user'],
    );
    assert.equal(req!.body.messages[0]!.content, SYSTEM_PROMPT);
    assert.match(SYSTEM_PROMPT, /español/);
    assert.match(SYSTEM_PROMPT, /una a tres oraciones/);
    assert.match(req!.body.messages[1]!.content, /memorándum[\s\S]*Texto del memorándum sobre el arbolado\./);
  });

  it('sends no Authorization header without a key', async () => {
    const keyless = new OpenAiCompatibleSummarizer({ baseUrl: `${server.baseUrl}/`, model: 'local', timeoutMs: 1_000 });
    await keyless.summarize({ kind: 'record', text: 'Legajo.' });
    assert.equal(server.requests[0]!.headers.authorization, undefined);
    assert.equal(server.requests[0]!.path, '/v1/chat/completions');
  });

  it(`cuts the input to the budget (${AI_INPUT_BUDGET_CHARS} characters) at a sentence`, async () => {
    const text = 'El municipio dispone la poda de los árboles de la avenida principal. '.repeat(1_000);
    await provider.summarize({ kind: 'case', text });
    const sent = server.requests[0]!.body.messages[1]!.content;
    assert.ok(sent.length < AI_INPUT_BUDGET_CHARS + 200, `${sent.length} characters sent`);
    assert.match(sent, /principal\. \[…\]$/);
  });

  it('strips and caps the answer: reasoning, labels, quotes, markdown, line breaks', async () => {
    server.script({ answer: '<think>pienso</think>\n**Resumen:** "El expediente tramita un permiso\nde obra."' });
    assert.equal(
      (await provider.summarize({ kind: 'case', text: 'x' })).text,
      'El expediente tramita un permiso de obra.',
    );
    const long = Array.from({ length: 30 }, (_, i) => `Oración número ${i + 1} del resumen del modelo.`).join(' ');
    server.script({ answer: long });
    const capped = (await provider.summarize({ kind: 'case', text: 'x' })).text;
    assert.ok(capped.length <= SUMMARY_MAX_CHARS);
    assert.ok(long.startsWith(capped) && capped.endsWith('.'), 'cut at a sentence end');
  });

  it('times out after AI_TIMEOUT_MS (retryable)', async () => {
    server.script({ delayMs: 3_000, answer: 'tarde' });
    const started = Date.now();
    const err = await failure(provider.summarize({ kind: 'memo', text: 'x' }));
    assert.ok(Date.now() - started < 2_500, 'gave up at the timeout');
    assert.equal(err.retryable, true);
    assert.match(err.message, /1000 ms/);
  });

  it('classifies failures: 429 and 5xx retryable; 400 and an empty answer not', async () => {
    server.script({ status: 429 }, { status: 503 }, { status: 400 }, { answer: '   ' }, { status: 200, raw: '<html>' });
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await failure(provider.summarize({ kind: 'memo', text: 'x' })));
    assert.deepEqual(
      results.map((e) => [e.status, e.retryable]),
      [
        [429, true],
        [503, true],
        [400, false],
        [200, false],
        [200, true],
      ],
    );
  });

  it('unreachable server: retryable', async () => {
    const gone = new OpenAiCompatibleSummarizer({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 1_000 });
    assert.equal((await failure(gone.summarize({ kind: 'memo', text: 'x' }))).retryable, true);
  });

  describe('through SummaryWorkflow on a worker configured with AI_BASE_URL', () => {
    const taskQueue = `summaries-ai-${randomUUID().slice(0, 8)}`;
    let worker: Worker;
    let running: Promise<void>;
    let connection: NativeConnection;

    before(async () => {
      const stack = getStack();
      const config = stack.configWith({
        TEMPORAL_TASK_QUEUE: taskQueue,
        AI_BASE_URL: server.baseUrl,
        AI_MODEL: 'modelo-prueba',
        AI_API_KEY: 'clave-secreta',
        AI_TIMEOUT_MS: '2000',
      });
      connection = await NativeConnection.connect({ address: stack.temporalAddress });
      worker = await createWorker({
        config,
        db: stack.db,
        services: stack.services,
        log: stack.log,
        connection,
        ...externalDeps(config, {}),
      });
      running = worker.run();
    });
    after(async () => {
      worker.shutdown();
      await running;
      await connection.close();
    });

    /** A record whose first (extractive) summary run is over, so the next run is this worker's. */
    async function settledRecord(name: string) {
      const record = await createRecord('agente-obras', 'ARQ', name);
      await summaryRunResult('record', record.id);
      return record;
    }

    /** Changes the record's name behind the API and asks this worker's queue for its summary. */
    async function changeAndSummarize(id: string, name: string): Promise<SummaryRunResult> {
      const { db, demoTenant, client } = getStack();
      await tenantDb(db, demoTenant).transaction((trx) => trx('records').where({ id }).update({ display_name: name }));
      const handle = await client.workflow.signalWithStart<SummaryWorkflow, []>(
        SUMMARY_WORKFLOW,
        summarySignalWithStart('demo', { kind: 'record', id }, taskQueue, 100),
      );
      return handle.result();
    }

    it("a 429 is retried and the model's summary written with its provenance; a 400 is not retried", async () => {
      const record = await settledRecord(`Arq. Carla Méndez ${randomUUID().slice(0, 8)}`);
      server.requests.length = 0;
      server.script(
        { status: 429 },
        { answer: 'Legajo de la arquitecta Carla Méndez, matriculada en el registro municipal.' },
      );
      assert.deepEqual(await changeAndSummarize(record.id, 'Arq. Carla Méndez (renovada)'), {
        changes: 1,
        runs: 1,
        written: 1,
        failed: 0,
      });
      assert.equal(server.requests.length, 2, 'asked again after the 429');
      const detail = await integration('agente-obras', `/records/${record.id}`);
      assert.equal(detail.body.resume, 'Legajo de la arquitecta Carla Méndez, matriculada en el registro municipal.');
      const { db, demoTenant } = getStack();
      const row = await tenantDb(db, demoTenant).transaction((trx) =>
        trx('summaries').where({ kind: 'record', object_id: record.id }).first('provider', 'model'),
      );
      assert.deepEqual(row, { provider: 'openai', model: 'modelo-prueba' });

      server.requests.length = 0;
      server.script({ status: 400 });
      assert.deepEqual(await changeAndSummarize(record.id, 'Arq. Carla Méndez (otra vez)'), {
        changes: 1,
        runs: 1,
        written: 0,
        failed: 1,
      });
      assert.equal(server.requests.length, 1, 'a 400 is not retried');
      assert.equal(
        (await integration('agente-obras', `/records/${record.id}`)).body.resume,
        detail.body.resume,
        'the previous summary stays',
      );
    });
  });
});
