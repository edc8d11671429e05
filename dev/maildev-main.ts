/** The SMTP catcher as its own process (`npm start`): SMTP on SMTP_PORT, web UI on MAILDEV_WEB_PORT. */
import { loadConfig } from '../config/index.js';
import { createLogger } from '../lib/log.js';
import { startMaildev } from './maildev.js';

const config = loadConfig();
const log = createLogger(config.logLevel);
const maildev = await startMaildev({ smtpPort: config.smtp.port, webPort: config.maildevWebPort, host: config.host });
log.info('SMTP catcher listening', { smtp: `${config.host}:${maildev.smtpPort}`, web: maildev.webUrl });
const stop = () => void maildev.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
