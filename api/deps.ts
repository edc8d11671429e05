/** What the HTTP layer is built from; api/main.ts creates these once per process. */
import type { Config } from '../config/index.js';
import type { Db } from '../db/connection.js';
import type { Logger } from '../lib/log.js';
import type { TemporalHandle } from './temporal-client.js';

export interface ApiDeps {
  config: Config;
  db: Db;
  temporal: TemporalHandle;
  log: Logger;
}
