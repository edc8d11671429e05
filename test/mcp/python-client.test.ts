/** The Python MCP SDK as a second client: lists the tools and calls search_cases with a token. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asIntegration, request } from '../support/http.js';
import { LUCIA, LUCIA_KEY, SPEC_TOOLS } from './fixtures.js';
import { mcpToken, mcpUrl } from './support.js';
import { createCase } from '../support/cases.js';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'python_client.py');

describe('MCP with the Python SDK client', function () {
  this.timeout(120_000);

  it('initializes, lists the 38 tools and gets from search_cases what REST answers', async () => {
    const created = await createCase(LUCIA_KEY, { reference: `Expediente para Python ${Date.now()}` });
    const token = await mcpToken(LUCIA);
    const args = { search: created.case_number };
    const { stdout } = await promisify(execFile)('python3', [script, JSON.stringify(args)], {
      env: { ...process.env, MCP_URL: mcpUrl(), MCP_TOKEN: token },
      timeout: 60_000,
    });
    const out = JSON.parse(stdout.trim().split('\n').pop()!) as {
      protocol_version: string;
      server: { name: string; version: string };
      tools: string[];
      search_cases: { is_error: boolean; structured: unknown };
    };
    assert.equal(out.server.name, 'expediente');
    assert.match(out.protocol_version, /^\d{4}-\d{2}-\d{2}$/);
    assert.deepEqual([...out.tools].sort(), [...SPEC_TOOLS].sort());
    assert.ok(!out.search_cases.is_error);
    const rest = await request(`/api/v1/cases/search?search=${encodeURIComponent(created.case_number)}`, {
      headers: asIntegration(LUCIA_KEY),
    });
    assert.equal(rest.status, 200);
    assert.deepEqual(out.search_cases.structured, rest.body);
  });
});
