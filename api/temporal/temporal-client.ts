/**
 * The API's Temporal connections, both lazy so the API starts (and reports 503) while Temporal
 * is down. The client retries transient gRPC failures; the health probe has its own connection
 * without retries, because a probe must answer now and must leave no retry pending behind it.
 */
import { Client, Connection } from '@temporalio/client';
import type { Config } from '../../config/index.js';
import { temporalTracingPlugins } from '../../lib/temporal-tracing.js';
import type { Tracing } from '../../lib/tracing.js';

export interface TemporalHandle {
  client: Client;
  connection: Connection;
  /** Resolves when the frontend answers a health check within `timeoutMs`. */
  probe(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export function createTemporalClient(config: Config, address: string, tracing?: Tracing): TemporalHandle {
  const connection = Connection.lazy({ address, connectTimeout: 3_000 });
  const probeConnection = Connection.lazy({ address, connectTimeout: 2_000, interceptors: [] });
  return {
    client: new Client({ connection, namespace: config.temporal.namespace, plugins: temporalTracingPlugins(tracing) }),
    connection,
    probe: async (timeoutMs) => {
      await probeConnection.withDeadline(Date.now() + timeoutMs, () => probeConnection.healthService.check({}));
    },
    close: async () => {
      await Promise.all([connection.close(), probeConnection.close()]);
    },
  };
}
