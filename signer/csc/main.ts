/**
 * The development remote signing service (CSC API v2) as its own process:
 * `node --import tsx signer/csc/main.ts`. CSC_PORT (default 3500), HOST, DATA_DIR (its files in
 * <DATA_DIR>/csc), the dev PKI in CSC_PKI_DIR (default TSA_PKI_DIR, else <DATA_DIR>/pki; the TSA
 * process creates it and publishes its revocation services), SMTP_* for the one-time codes.
 */
import { createLogger } from '../../lib/log.js';
import { CscConfigError, loadCscServiceConfig } from './config.js';
import { startCscService } from './server.js';

let config;
try {
  config = loadCscServiceConfig();
} catch (err) {
  if (!(err instanceof CscConfigError)) throw err;
  createLogger('error').error('remote signing service configuration', { err });
  process.exit(1);
}
const log = createLogger(config.logLevel);
try {
  const service = await startCscService(config, { log });
  const stop = () => void service.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (err) {
  log.error('remote signing service failed to start', { err });
  process.exit(1);
}
