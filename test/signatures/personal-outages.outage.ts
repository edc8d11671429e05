/**
 * Personal signatures through failures: a worker killed after the signature was prepared (its code
 * sent) and another killed while the signature is being completed; the remote signing service down
 * when a signer signs and when they authorise. Every signature completes exactly once.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { tenantDb } from '../../db/tenancy.js';
import { getStack } from '../support/hooks.js';
import { startWorkerProcess } from '../support/worker-process.js';
import { asBackend, asIntegration, request } from '../support/http.js';
import { HeldProxy } from '../support/held-proxy.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { newSigningCode, signingCodeFor } from '../support/csc.js';
import { pdfSignatures } from '../support/pdf-tools.js';
import { until } from '../support/until.js';
import { newUser, type NewUser } from '../support/users.js';

/** Integration headers of a seeded user (by key) or of the suite's own signer. */
const headersOf = (who: string | NewUser) => (typeof who === 'string' ? asIntegration(who) : who.integration);

describe('signatures: personal signatures through worker crashes and a remote signing service outage', function () {
  this.timeout(300_000);
  /** A personal signer of the suite's own: a seeded user's mode stays as seeded, however these crashes end. */
  let signer: NewUser;
  before(async () => {
    signer = await newUser({ fullName: 'Lucía Caídas', role: 'director', apiKey: true });
    const set = await request(`/api/v1/users/${signer.id}/signature-mode`, {
      method: 'PUT',
      headers: asBackend('intendente'),
      json: { mode: 'personal' },
    });
    assert.equal(set.status, 200, set.text);
  });

  describe('a worker killed between prepare and complete, and another during complete', () => {
    const taskQueue = `personal-crash-${Date.now()}`;
    let proxy: HeldProxy;
    let api: { url: string; close(): Promise<void> };
    const workers: ChildProcess[] = [];
    const startWorker = async () => {
      const child = await startWorkerProcess({ taskQueue, signerUrl: proxy.url });
      workers.push(child);
      return child;
    };
    const kill = async (child: ChildProcess) => {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    };

    before(async () => {
      proxy = await HeldProxy.start(getStack().signer.url);
      api = await getStack().extraApi({ TEMPORAL_TASK_QUEUE: taskQueue, WORKFLOW_WAIT_MS: '150000' });
    });
    after(async () => {
      for (const w of workers) w.kill('SIGKILL');
      await api.close();
      await proxy.close();
    });

    it('the code sent before the crash still signs, once', async () => {
      const { db, demoTenant } = getStack();
      const first = await startWorker();
      const id = await prepareIntegrationDraft('agente-obras', [signer.id, 'intendente'], {
        reference: 'Firma personal con caídas',
      });
      const call = (path: string, who: string | NewUser, json?: unknown) =>
        request(`/api/v1/documents/${id}/${path}`, {
          method: 'POST',
          headers: headersOf(who),
          baseUrl: api.url,
          ...(json ? { json } : {}),
        });
      assert.equal((await call('start-signing', 'agente-obras')).status, 200);

      const { code } = await newSigningCode(getStack(), signer.email, async () =>
        assert.equal((await call('sign', signer)).status, 202),
      );
      // Prepared, code sent: the worker dies before anyone authorises.
      await kill(first);
      const second = await startWorker();

      // The code reaches a new worker, which completes the signature at the signing service: killed there too.
      const held = proxy.hold();
      const authorizing = call('sign/authorize', signer, { code });
      await held;
      await kill(second);
      proxy.release(); // the dead worker's completion reaches the service; its answer has nobody to store it
      await startWorker();

      const done = await authorizing;
      assert.equal(done.status, 200, done.text);
      assert.equal(done.body.status, 'sent_to_sign');
      const last = await call('sign', 'intendente');
      assert.equal(last.body.status, 'signed', last.text);

      const url = await request(`/api/v1/documents/${id}/url`, {
        headers: asIntegration('agente-obras'),
        baseUrl: api.url,
      });
      const signatures = pdfSignatures(Buffer.from(await (await fetch(url.body.pdf_url)).arrayBuffer()));
      assert.equal(signatures.length, 2, 'one signature per signer, none twice');
      assert.ok(signatures.every((s) => s.valid));
      const rows = await tenantDb(db, demoTenant).transaction((trx) =>
        trx('document_signers').where({ document_id: id }).orderBy('position'),
      );
      assert.deepEqual(
        rows.map((s: { signature_kind: string }) => s.signature_kind),
        ['personal', 'seal'],
      );
      const left = await tenantDb(db, demoTenant).transaction((trx) =>
        trx('signature_preparations').where({ document_id: id }),
      );
      assert.deepEqual(left, [], 'nothing left waiting');
    });
  });

  describe('the remote signing service down', () => {
    let api: { url: string; close(): Promise<void> };
    before(async () => {
      api = await getStack().extraApi({ WORKFLOW_WAIT_MS: '3000' });
    });
    after(async () => {
      await getStack()
        .csc.start()
        .catch(() => undefined);
      await api.close();
    });

    it('signing answers 202 with the authorisation to come, the code arrives when it is back; authorising while down completes when it is back', async () => {
      const stack = getStack();
      const id = await prepareIntegrationDraft('agente-obras', [signer.id, 'intendente'], {
        reference: 'Firma personal sin servicio remoto',
      });
      const call = (path: string, who: string | NewUser, json?: unknown) =>
        request(`/api/v1/documents/${id}/${path}`, {
          method: 'POST',
          headers: headersOf(who),
          baseUrl: api.url,
          ...(json ? { json } : {}),
        });
      assert.equal((await call('start-signing', 'agente-obras')).status, 200);

      await stack.mail.clear();
      await stack.csc.stop();
      const asked = await call('sign', signer);
      assert.equal(asked.status, 202, asked.text);
      assert.equal(asked.body.authorization_required, true);
      assert.equal(asked.body.expires_at, null, 'the code is still on its way');
      await stack.csc.start();
      const code = await signingCodeFor(stack, signer.email, 90_000);

      await stack.csc.stop();
      const pending = await call('sign/authorize', signer, { code });
      assert.equal(pending.status, 202, pending.text);
      await stack.csc.start();
      await until(
        'the signature completed once the service is back',
        async () => {
          const details = await request(`/api/v1/documents/${id}/signature-details`, {
            headers: asIntegration('agente-obras'),
          });
          return details.body.signers.find(
            (s: { user_id: string; status: string }) => s.user_id === signer.id && s.status === 'signed',
          );
        },
        120_000,
      );
      const repeated = await call('sign/authorize', signer, { code });
      assert.equal(repeated.status, 200, 'asked again, the signature made is the answer');
      assert.equal((await call('sign', 'intendente')).body.status, 'signed');
    });
  });
});
