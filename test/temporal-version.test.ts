/**
 * One Temporal version: `.env` names it; docker compose's Temporal images take it from there, the
 * topology suite builds that server, and the CLI whose dev server the rest of the suite runs is
 * the release built on it (its Go build information says which server module it embeds).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { findTemporalCli, goAvailable, TEMPORAL_CLI_MODULE } from '../dev/temporal-cli.js';
import { TEMPORAL_SERVER_MODULE } from '../dev/temporal-cluster.js';
import { TEMPORAL_CLI_VERSION, TEMPORAL_VERSION } from '../dev/temporal-version.js';

const run = promisify(execFile);

describe('the Temporal version, in one place', () => {
  it('docker compose takes every Temporal image tag from .env, with no default of its own', async () => {
    const compose = await readFile('docker-compose.yml', 'utf8');
    const images = [...compose.matchAll(/image:\s*temporalio\/(server|admin-tools):(.+)$/gm)].map((m) => m[2]);
    assert.ok(images.length >= 2, 'docker-compose.yml runs temporalio/server and admin-tools');
    for (const tag of images) assert.match(tag!, /^\$\{TEMPORAL_VERSION:\?[^}]*\}$/, `image tag ${tag}`);
    assert.doesNotMatch(
      compose,
      new RegExp(TEMPORAL_VERSION.replaceAll('.', '\\.')),
      'no copy of the version in docker-compose.yml',
    );
  });

  it('the CLI pinned for the dev server embeds that Temporal server', async function () {
    assert.ok(TEMPORAL_CLI_MODULE.endsWith(`@v${TEMPORAL_CLI_VERSION}`));
    const cli = findTemporalCli(process.env.TEMPORAL_CLI);
    if (!cli || !goAvailable()) this.skip();
    const { stdout } = await run('go', ['version', '-m', cli!]);
    const module = /\bmod\s+github\.com\/temporalio\/cli\s+v(\S+)/.exec(stdout)?.[1];
    const server = new RegExp(`\\bdep\\s+${TEMPORAL_SERVER_MODULE.replaceAll('.', '\\.')}\\s+v(\\S+)`).exec(
      stdout,
    )?.[1];
    assert.equal(module, TEMPORAL_CLI_VERSION, `${cli} is not the pinned CLI release`);
    assert.equal(
      server,
      TEMPORAL_VERSION,
      `the CLI ${module} embeds Temporal server ${server}, .env says ${TEMPORAL_VERSION}`,
    );
  });
});
