/**
 * The development time-stamping authority as its own process: `node --import tsx signer/tsa/main.ts`.
 * TSA_PORT (default 3300), HOST (default 127.0.0.1), PKI in TSA_PKI_DIR (default <DATA_DIR>/pki).
 */
import path from 'node:path';
import { createLogger, type LogLevel } from '../../lib/log.js';
import { startTimestampAuthority } from './server.js';

const env = process.env;
const levels: LogLevel[] = ['debug', 'info', 'warn', 'error'];
const log = createLogger(levels.find((l) => l === env.LOG_LEVEL) ?? 'info');
const port = Number(env.TSA_PORT || 3300);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  log.error('TSA_PORT must be a port number', { value: env.TSA_PORT });
  process.exit(1);
}
const pkiDir = path.resolve(env.TSA_PKI_DIR || path.join(env.DATA_DIR || '.data', 'pki'));

try {
  const tsa = await startTimestampAuthority({ port, host: env.HOST || '127.0.0.1', pkiDir, log });
  const stop = () => void tsa.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (err) {
  log.error('time-stamping authority failed to start', { err });
  process.exit(1);
}
