/** The signing service process (its own port, its own API key). */
import express from 'express';
import { loadConfig } from '../config/index.js';
import { createLogger } from '../lib/log.js';

const config = loadConfig();
const log = createLogger(config.logLevel);
const app = express();
app.disable('x-powered-by');
app.get('/health', (_req, res) => {
  res.json({ status: 'starting', service: 'expediente-signer', version: '2.1.0' });
});
const server = app.listen(config.signer.port, config.host, () => {
  log.info('signer listening', { url: `http://${config.host}:${config.signer.port}` });
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
