/**
 * The signing service client that signing activities call, run in Temporal's
 * MockActivityEnvironment against a local HTTP receiver standing in for the service: the logic the
 * activities own beyond the database — heartbeats while a request is out, the activity's
 * cancellation aborting the request, a 4xx as a refusal no retry fixes, a 5xx retried, and a copy
 * of the service that cannot be reached skipped for the next.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { timestampDigest, type SigningServiceConfig } from '../../activities/signing-service.js';
import { SIGNER_REJECTED_TYPE } from '../../contract/failures.js';

const DIGEST = 'ab'.repeat(32);

/** An activity context of its own; the failures these tests expect are not logged. */
const activityEnvironment = () => new MockActivityEnvironment(undefined, { logger: new DefaultLogger('ERROR') });

/** timestampDigest run as an activity in `env`. */
const stamp = (env: MockActivityEnvironment, config: SigningServiceConfig) =>
  env.run(timestampDigest, config, DIGEST) as ReturnType<typeof timestampDigest>;

/** A local receiver whose answer each test chooses; it records the requests it got. */
async function receiver(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const requests: { path: string; apiKey: string; closedEarly: boolean }[] = [];
  const server: Server = createServer((req, res) => {
    const seen = { path: req.url ?? '', apiKey: String(req.headers['x-api-key']), closedEarly: false };
    requests.push(seen);
    res.on('close', () => {
      if (!res.writableFinished) seen.closedEarly = true;
    });
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const stamped = (_req: IncomingMessage, res: ServerResponse) =>
  json(res, 200, { token: Buffer.from('token').toString('base64'), gen_time: '2026-11-22T10:00:00Z' });

/** A port nothing listens on: a copy of the service that is down. */
async function deadUrl(): Promise<string> {
  const r = await receiver(() => {});
  await r.close();
  return r.url;
}

describe('signing service client in an activity (MockActivityEnvironment)', function () {
  this.timeout(30_000);
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closing.splice(0).map((close) => close()));
  });
  async function service(answer: (req: IncomingMessage, res: ServerResponse) => void) {
    const r = await receiver(answer);
    closing.push(r.close);
    return r;
  }
  const config = (...urls: string[]): SigningServiceConfig => ({ urls, apiKey: 'worker-key' });

  it('answers the time-stamp token, sent with the API key', async () => {
    const svc = await service(stamped);
    const env = activityEnvironment();
    const { token, genTime } = await stamp(env, config(svc.url));
    assert.equal(token.toString(), 'token');
    assert.equal(genTime, '2026-11-22T10:00:00Z');
    assert.deepEqual(svc.requests, [{ path: '/timestamp-digest', apiKey: 'worker-key', closedEarly: false }]);
  });

  it('heartbeats while the service takes its time, and a cancelled activity aborts the request', async () => {
    const svc = await service(() => {}); // never answers
    const env = activityEnvironment();
    const beats: number[] = [];
    const started = Date.now();
    env.on('heartbeat', () => {
      beats.push(Date.now() - started);
      env.cancel('CANCELLED');
    });
    const run = stamp(env, config(svc.url));
    await assert.rejects(run, (err: unknown) => {
      assert.ok(err instanceof CancelledFailure || (err as Error).name === 'AbortError', String(err));
      return true;
    });
    assert.equal(beats.length, 1);
    assert.ok(beats[0]! >= 1_900 && beats[0]! < 4_000, `first heartbeat after ${beats[0]} ms`);
    // The receiver sees the connection dropped before it answered.
    for (let i = 0; i < 50 && !svc.requests[0]?.closedEarly; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(svc.requests[0]?.closedEarly, true);
  });

  it("a 4xx is the service's refusal: not retryable, with its status and code", async () => {
    const svc = await service((_req, res) => json(res, 422, { code: 'INVALID_DIGEST', message: 'digest mal formado' }));
    const env = activityEnvironment();
    await assert.rejects(stamp(env, config(svc.url)), (err: unknown) => {
      assert.ok(err instanceof ApplicationFailure);
      assert.equal(err.type, SIGNER_REJECTED_TYPE);
      assert.equal(err.nonRetryable, true);
      assert.deepEqual(err.details, [{ status: 422, code: 'INVALID_DIGEST' }]);
      assert.match(err.message, /INVALID_DIGEST\): digest mal formado/);
      return true;
    });
  });

  it('a 5xx is a plain error, so Temporal retries it with back-off', async () => {
    const svc = await service((_req, res) => json(res, 503, { code: 'BUSY', message: 'ocupado' }));
    const env = activityEnvironment();
    await assert.rejects(stamp(env, config(svc.url)), (err: unknown) => {
      assert.ok(!(err instanceof ApplicationFailure), 'not a refusal');
      assert.match((err as Error).message, /503 BUSY: ocupado/);
      return true;
    });
  });

  it('a copy of the service that is down is skipped: each request, whichever copy it starts at, is answered once', async () => {
    const svc = await service(stamped);
    const urls = [await deadUrl(), await deadUrl(), svc.url];
    const env = activityEnvironment();
    for (let i = 0; i < urls.length; i++) {
      const { genTime } = await stamp(env, config(...urls));
      assert.equal(genTime, '2026-11-22T10:00:00Z');
    }
    assert.equal(svc.requests.length, urls.length, 'one request per call reached the live copy');
  });
});
