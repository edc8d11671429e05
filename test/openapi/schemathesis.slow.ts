/**
 * schemathesis (the Python property-based API tester, `pip install schemathesis`) against the
 * served descriptions, with the demo tenant's credentials: integration REST with the demo API key
 * and a user, the backend with testing-mode credentials. It generates valid and invalid requests
 * for every operation; the run must find no 5xx and no response that disagrees with its
 * description (status, media type, body schema). SCHEMATHESIS_MAX_EXAMPLES and
 * SCHEMATHESIS_SEED tune and reproduce a run, SCHEMATHESIS_CHECKS replaces the list of checks;
 * the output and a JUnit report land in .data/schemathesis/<document>/.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { mkdir, writeFile } from 'node:fs/promises';
import { OPENAPI_PATHS, type DocumentName } from '../../api/openapi/document.js';
import { getStack } from '../support/hooks.js';
import { asBackend, asIntegration } from '../support/http.js';
import { schemathesisConfig, seedForSchemathesis } from './schemathesis-data.js';

const CHECKS = process.env.SCHEMATHESIS_CHECKS?.split(',') ?? [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
];
const MAX_EXAMPLES = process.env.SCHEMATHESIS_MAX_EXAMPLES ?? '30';
const SEED = process.env.SCHEMATHESIS_SEED ?? String(Date.now() % 2 ** 31);

/** Runs the CLI without blocking this process, which serves the API under test. */
function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('schemathesis', args, { env: { ...process.env, NO_COLOR: '1', PYTHONUNBUFFERED: '1' } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Integration as a director of Obras (records, cases, documents of DOP); backend as the administrator. */
const CREDENTIALS: Record<DocumentName, () => Record<string, string>> = {
  integration: () => asIntegration('directora-obras'),
  backend: () => asBackend('intendente'),
};

describe('OpenAPI: schemathesis against the served descriptions', function () {
  this.timeout(1_800_000);

  let api: { url: string; close(): Promise<void> } | undefined;

  before(async function () {
    if (spawnSync('schemathesis', ['--version']).status !== 0) this.skip();
    // Real ids for path parameters (most generated UUIDs only reach a 404), and an API whose
    // public verification rate limit does not turn the run into 429s.
    const data = await seedForSchemathesis();
    const dir = path.resolve('.data', 'schemathesis');
    await mkdir(dir, { recursive: true });
    for (const doc of ['integration', 'backend'] as const)
      await writeFile(path.join(dir, `${doc}.toml`), schemathesisConfig(data, doc));
    api = await getStack().extraApi({ PUBLIC_VERIFY_RATE_LIMIT: '1000000' });
  });

  after(async () => {
    await api?.close();
  });

  for (const doc of ['integration', 'backend'] as const) {
    it(`${doc}: no 5xx and no response that disagrees with the description (seed from SCHEMATHESIS_SEED)`, async () => {
      const apiUrl = api!.url;
      const reportDir = path.resolve('.data', 'schemathesis', doc);
      const headers = Object.entries(CREDENTIALS[doc]()).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
      // One worker: the API under test shares this process, and schemathesis' own threads can
      // trip a CPython ast.parse race inside hypothesis (a tool error, not a finding).
      const { code, output } = await run([
        '--config-file',
        path.resolve('.data', 'schemathesis', `${doc}.toml`),
        'run',
        `${apiUrl}${OPENAPI_PATHS[doc]}`,
        '--url',
        apiUrl,
        ...headers,
        '--checks',
        CHECKS.join(','),
        '--max-examples',
        MAX_EXAMPLES,
        '--seed',
        SEED,
        '--workers',
        '1',
        '--phases',
        'examples,coverage,fuzzing',
        '--generation-with-security-parameters',
        'false',
        '--generation-database',
        'none',
        '--request-timeout',
        '30',
        '--no-color',
        '--report',
        'junit',
        '--report-dir',
        reportDir,
      ]);
      await mkdir(reportDir, { recursive: true });
      await writeFile(path.join(reportDir, 'output.txt'), output);
      const summary = output
        .split('\n')
        .filter((l) => /\d+ generated|Selected:|Tested:/.test(l))
        .map((l) => l.trim());
      process.stderr.write(`      schemathesis (${doc}, seed ${SEED}): ${summary.join('; ')}\n`);
      assert.equal(code, 0, output.slice(-20_000));
    });
  }
});
