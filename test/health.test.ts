import assert from 'node:assert/strict';
import { freePort } from '../dev/ports.js';
import { getStack } from './support/hooks.js';
import { request } from './support/http.js';

describe('GET /health', () => {
  it('200 with Postgres and Temporal up', async () => {
    const res = await request('/health');
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'ok');
    assert.equal(res.body.checks.postgres.status, 'up');
    assert.equal(res.body.checks.temporal.status, 'up');
  });

  const apiWith = (databaseUrl: string, temporalAddress: string) =>
    getStack().extraApi({}, { databaseUrl, temporalAddress });

  it('503 when Temporal is unreachable', async () => {
    const api = await apiWith(getStack().databaseUrl, `127.0.0.1:${await freePort()}`);
    try {
      const res = await request('/health', { baseUrl: api.url });
      assert.equal(res.status, 503);
      assert.equal(res.body.checks.postgres.status, 'up');
      assert.equal(res.body.checks.temporal.status, 'down');
    } finally {
      await api.close();
    }
  });

  it('503 when Postgres is unreachable', async () => {
    const url = new URL(getStack().databaseUrl);
    url.port = String(await freePort());
    const api = await apiWith(url.toString(), getStack().temporalAddress);
    try {
      const res = await request('/health', { baseUrl: api.url });
      assert.equal(res.status, 503);
      assert.equal(res.body.checks.postgres.status, 'down');
      assert.equal(res.body.checks.temporal.status, 'up');
    } finally {
      await api.close();
    }
  });
});
