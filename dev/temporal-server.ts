/**
 * The Temporal dev server (`temporal server start-dev`): SQLite persistence when a file is given,
 * the Web UI on its port, and the project's search attributes registered at start. When no CLI
 * is available it falls back to the SDK's downloaded dev server (needs internet).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import type { SearchAttributeType } from '@temporalio/common';
import type { SearchAttributeKey } from '@temporalio/common/lib/search-attributes.js';
import { ALL_SEARCH_ATTRIBUTES } from '../contract/search-attributes.js';
import { ManagedProcess } from './managed-process.js';

export interface TemporalDevServerOptions {
  cliPath: string | undefined;
  port: number;
  uiPort: number;
  /** Omit for an in-memory server (tests). */
  dbFile?: string;
  namespace: string;
  ui: boolean;
  onLine: (line: string) => void;
}

const CLI_TYPE_NAMES: Record<SearchAttributeType, string> = {
  TEXT: 'Text',
  KEYWORD: 'Keyword',
  INT: 'Int',
  DOUBLE: 'Double',
  BOOL: 'Bool',
  DATETIME: 'Datetime',
  KEYWORD_LIST: 'KeywordList',
};

export function searchAttributeFlags(
  keys: readonly SearchAttributeKey<SearchAttributeType>[] = ALL_SEARCH_ATTRIBUTES,
): string[] {
  return keys.flatMap((k) => ['--search-attribute', `${k.name}=${CLI_TYPE_NAMES[k.type]}`]);
}

/** Polls until the frontend answers a health check, or throws after `timeoutMs`. */
export async function waitForTemporal(
  address: string,
  timeoutMs: number,
  isAlive: () => boolean = () => true,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('Temporal dev server exited during start-up');
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1_000 });
      try {
        await connection.withDeadline(Date.now() + 2_000, () => connection.healthService.check({}));
        await connection.withDeadline(Date.now() + 2_000, () => connection.workflowService.getSystemInfo({}));
        return;
      } finally {
        await connection.close();
      }
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`Temporal at ${address} did not become ready in ${timeoutMs} ms: ${String(lastError)}`);
}

export class TemporalDevServer {
  private constructor(
    readonly address: string,
    readonly uiUrl: string | undefined,
    private readonly stopFn: () => Promise<void>,
    /** The CLI's process; absent for the SDK-downloaded server, which the SDK runs itself. */
    private readonly server?: ManagedProcess,
  ) {}

  get pid(): number | undefined {
    return this.server?.child.pid;
  }

  get running(): boolean {
    return this.server?.running ?? true;
  }

  /** Resolves when the CLI server has ended (never for the SDK-run server). */
  get exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const server = this.server;
    if (!server) return new Promise(() => undefined);
    return server.exited.then((exit) => {
      server.killGroupNow('SIGKILL');
      return exit;
    });
  }

  killNow(): void {
    this.server?.killGroupNow('SIGKILL');
  }

  static async start(options: TemporalDevServerOptions): Promise<TemporalDevServer> {
    const address = `127.0.0.1:${options.port}`;
    const uiUrl = options.ui ? `http://127.0.0.1:${options.uiPort}` : undefined;
    if (options.dbFile) await mkdir(path.dirname(options.dbFile), { recursive: true });

    if (!options.cliPath) {
      options.onLine('no Temporal CLI found and no Go to build it: using the SDK-downloaded dev server');
      const env = await TestWorkflowEnvironment.createLocal({
        server: {
          ip: '127.0.0.1',
          port: options.port,
          ui: options.ui,
          ...(options.ui ? { uiPort: options.uiPort } : {}),
          ...(options.dbFile ? { dbFilename: options.dbFile } : {}),
          namespace: options.namespace,
          searchAttributes: [...ALL_SEARCH_ATTRIBUTES],
        },
      });
      return new TemporalDevServer(address, uiUrl, () => env.teardown());
    }

    const args = [
      'server',
      'start-dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(options.port),
      '--namespace',
      options.namespace,
      '--log-level',
      'warn',
      // The workflow task that schedules an activity may carry it back to the worker directly.
      '--dynamic-config-value',
      'system.enableActivityEagerExecution=true',
      ...(options.ui ? ['--ui-port', String(options.uiPort)] : ['--headless']),
      ...(options.dbFile ? ['--db-filename', options.dbFile] : []),
      ...searchAttributeFlags(),
    ];
    const server = new ManagedProcess({ name: 'temporal', command: options.cliPath, args, onLine: options.onLine });
    try {
      await waitForTemporal(address, 60_000, () => server.running);
    } catch (err) {
      await server.stop('SIGKILL', 1_000);
      throw err;
    }
    return new TemporalDevServer(address, uiUrl, () => server.stop('SIGTERM', 15_000), server);
  }

  stop(): Promise<void> {
    return this.stopFn();
  }
}
