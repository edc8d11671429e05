/** What the HTTP layer is built from; api/main.ts creates these once per process. */
import type { Config } from '../config/index.js';
import type { Db } from '../db/connection.js';
import type { DomainServices } from '../domain/services.js';
import type { Logger } from '../lib/log.js';
import type { TokenVerifier } from './auth/token-verifier.js';
import type { TemporalHandle } from './temporal/temporal-client.js';

export interface ApiDeps {
  config: Config;
  db: Db;
  services: DomainServices;
  temporal: TemporalHandle;
  /** Verifies backend bearer tokens against the identity provider's keys. */
  tokens: TokenVerifier;
  log: Logger;
}
