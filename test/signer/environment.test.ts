import assert from 'node:assert/strict';
import { SignerConfigError, loadSignerConfig } from '../../signer/config.js';
import type { RunningSigner } from '../../signer/server.js';
import { call, fields, sign } from './support/http.js';
import { letterPdf } from './support/pdfs.js';
import { startSigner } from './support/service.js';

type Expected = 'pades' | 'visual' | 'CERTIFICATE_NOT_FOUND' | 'INVALID_TENANT_ID';

/** ENVIRONMENT × FALLBACK_TO_VISUAL × request, as the spec's table and decision rule 2 say. */
const MATRIX: {
  env: Record<string, string>;
  fallback: boolean;
  cases: [string, Record<string, string | undefined>, Expected][];
}[] = [
  {
    env: { ENVIRONMENT: 'test' },
    fallback: true,
    cases: [
      ['tenant with certificate', { tenant_id: 'demo' }, 'pades'],
      ['tenant without certificate', { tenant_id: 'sin_certificado' }, 'visual'],
      ['no tenant_id', { tenant_id: undefined }, 'visual'],
      ['use_pades=false', { tenant_id: 'demo', use_pades: 'false' }, 'visual'],
      ['use_pades=true', { tenant_id: 'demo', use_pades: 'true' }, 'pades'],
    ],
  },
  {
    env: { ENVIRONMENT: 'test', FALLBACK_TO_VISUAL: 'false' },
    fallback: false,
    cases: [
      ['tenant with certificate', { tenant_id: 'demo' }, 'pades'],
      ['tenant without certificate', { tenant_id: 'sin_certificado' }, 'CERTIFICATE_NOT_FOUND'],
      ['no tenant_id', { tenant_id: undefined }, 'visual'],
    ],
  },
  {
    env: { ENVIRONMENT: 'prd' },
    fallback: false,
    cases: [
      ['tenant with certificate', { tenant_id: 'demo' }, 'pades'],
      ['tenant without certificate', { tenant_id: 'sin_certificado' }, 'CERTIFICATE_NOT_FOUND'],
      ['no tenant_id', { tenant_id: undefined }, 'INVALID_TENANT_ID'],
      ['use_pades=false', { tenant_id: 'demo', use_pades: 'false' }, 'visual'],
      [
        'use_pades=false for a tenant without certificate',
        { tenant_id: 'sin_certificado', use_pades: 'false' },
        'visual',
      ],
    ],
  },
  {
    env: { ENVIRONMENT: 'prd', FALLBACK_TO_VISUAL: 'true' },
    fallback: true,
    cases: [
      ['tenant with certificate', { tenant_id: 'demo' }, 'pades'],
      ['tenant without certificate', { tenant_id: 'sin_certificado' }, 'visual'],
    ],
  },
];

describe('signer: ENVIRONMENT and FALLBACK_TO_VISUAL', () => {
  let pdf: Buffer;

  before(async () => {
    pdf = await letterPdf();
  });

  for (const { env, fallback, cases } of MATRIX) {
    describe(
      Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join(', '),
      () => {
        let signer: RunningSigner;
        before(async () => {
          signer = await startSigner(env);
        });

        it(`health reports fallback_to_visual=${fallback}`, async () => {
          const res = await call(signer.url, '/health', { apiKey: null });
          assert.equal(res.json.fallback_to_visual, fallback);
        });

        for (const [label, request, expected] of cases) {
          it(`${label} → ${expected}`, async () => {
            const res = await sign(signer.url, { pdf, fields: fields(request) });
            if (expected === 'pades' || expected === 'visual') {
              assert.equal(res.status, 200, res.bytes.toString('utf8').slice(0, 200));
              assert.equal(res.headers.get('x-signature-type'), expected);
            } else {
              assert.equal(res.status, 400);
              assert.equal(res.json.code, expected);
            }
          });
        }
      },
    );
  }

  describe('configuration', () => {
    it('defaults: test environment, fallback on, port 3100, loopback', () => {
      const c = loadSignerConfig({});
      assert.equal(c.environment, 'test');
      assert.equal(c.fallbackToVisual, true);
      assert.equal(c.port, 3100);
      assert.equal(c.host, '127.0.0.1');
      assert.equal(c.processingTimeoutMs, 90_000);
    });

    it('prd defaults fallback off and insists on an API key, a certificates folder and a TSA', () => {
      const complete = { ENVIRONMENT: 'prd', API_KEY: 'k', CERTS_DIR: '/certs', TSA_URL: 'https://tsa.example/' };
      assert.equal(loadSignerConfig(complete).fallbackToVisual, false);
      for (const missing of ['API_KEY', 'CERTS_DIR', 'TSA_URL']) {
        const env: Record<string, string> = { ...complete };
        delete env[missing];
        assert.throws(
          () => loadSignerConfig(env),
          (e: Error) => e instanceof SignerConfigError && e.message.includes(missing),
        );
      }
    });

    it('rejects values it cannot use', () => {
      for (const env of [
        { ENVIRONMENT: 'production' },
        { FALLBACK_TO_VISUAL: 'maybe' },
        { TSA_URL: 'ftp://x' },
        { TIME_ZONE: 'Mars/Olympus' },
        { SIGNER_PORT: '70000' },
      ]) {
        assert.throws(() => loadSignerConfig(env), SignerConfigError, JSON.stringify(env));
      }
    });

    it('reads per-tenant passwords from CERT_PASSWORD_<TENANT_ID>', () => {
      const c = loadSignerConfig({ CERT_PASSWORD_VILLA_NUEVA: 's3cr3t', CERT_PASSWORD_DEMO: 'otra' });
      assert.equal(c.certPasswords.get('villa_nueva'), 's3cr3t');
      assert.equal(c.certPasswords.get('demo'), 'otra');
    });
  });
});
