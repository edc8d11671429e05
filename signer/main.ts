/**
 * The signing service process: `node --import tsx signer/main.ts`. In ENVIRONMENT=test without
 * CERTS_DIR it first creates the dev PKI (with the `demo` tenant) under DATA_DIR/pki; the local
 * time-stamping authority runs as its own process (signer/tsa/main.ts).
 */
import { tracing } from './tracing.js';
import { createLogger } from '../lib/log.js';
import { SignerConfigError, loadSignerConfig } from './config.js';
import { ensureDevPki } from './dev-pki.js';
import { startSignerServer } from './server.js';

const bootLog = createLogger('info');
try {
  const config = loadSignerConfig();
  const log = createLogger(config.logLevel);
  if (config.devPkiDir) {
    const pki = await ensureDevPki({ dir: config.devPkiDir, tenants: ['demo'] });
    log.info('dev PKI ready', { dir: pki.dir, trust_anchor: pki.caCertPath });
  }
  const signer = await startSignerServer(config, log);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('signer stopping', { signal });
    void signer
      .close()
      .then(() => tracing.shutdown())
      .then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} catch (err) {
  bootLog.error(err instanceof SignerConfigError ? `configuration error: ${err.message}` : 'signer failed to start', {
    err: err instanceof SignerConfigError ? undefined : err,
  });
  process.exit(1);
}
