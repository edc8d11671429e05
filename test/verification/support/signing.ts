/**
 * A signing service of its own for building verification corpora: a development PKI in a temp
 * folder (its root is the trust anchor, or not, as a test needs), a TSA and the service, all
 * in-process on free ports — as the stack runs them, but separate so a test can sign with a
 * certificate the stack does not trust.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { signPdf } from '../../../activities/signing-service.js';
import { freePort } from '../../../dev/ports.js';
import { createLogger } from '../../../lib/log.js';
import { loadSignerConfig } from '../../../signer/config.js';
import { ensureDevPki, type DevPki } from '../../../signer/dev-pki.js';
import { startSignerServer } from '../../../signer/server.js';
import { startTimestampAuthority } from '../../../signer/tsa/server.js';

export interface CorpusSigner {
  pki: DevPki;
  /** The time-stamping authority its signatures use (this PKI's, unless one was given). */
  tsaUrl: string;
  sign(pdf: Buffer, signer: string, stamp?: { documentNumber: string; city: string }): Promise<Buffer>;
  close(): Promise<void>;
}

const API_KEY = 'corpus-signer-key';

/** `tsaUrl`: reuse another authority (e.g. the stack's, so only the signer is untrusted). */
export async function startCorpusSigner(options: { tsaUrl?: string } = {}): Promise<CorpusSigner> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'expediente-verify-pki-'));
  const pki = await ensureDevPki({ dir: path.join(dir, 'pki'), tenants: ['demo'] });
  const tsa = options.tsaUrl
    ? undefined
    : await startTimestampAuthority({
        port: await freePort(),
        host: '127.0.0.1',
        pkiDir: path.join(dir, 'pki'),
        log: createLogger('error'),
      });
  const port = await freePort();
  const config = loadSignerConfig({
    ENVIRONMENT: 'test',
    HOST: '127.0.0.1',
    SIGNER_PORT: String(port),
    API_KEY,
    CERTS_DIR: pki.certsDir,
    TSA_URL: options.tsaUrl ?? tsa!.url,
    DATA_DIR: dir,
    LOG_LEVEL: 'error',
    FALLBACK_TO_VISUAL: 'false',
  });
  const service = await startSignerServer(config, createLogger('error'));
  return {
    pki,
    tsaUrl: options.tsaUrl ?? tsa!.url,
    sign: (pdf, signer, stamp) =>
      signPdf(
        { urls: [service.url], apiKey: API_KEY },
        {
          pdf,
          fileName: 'documento.pdf',
          tenantId: 'demo',
          signer: {
            name: signer,
            seal: 'Director',
            department: 'Obras Particulares',
            entity: 'Municipalidad de Prueba',
          },
          ...(stamp ? { stamp } : {}),
        },
      ),
    async close() {
      await service.close();
      await tsa?.close();
    },
  };
}
