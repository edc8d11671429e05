/**
 * A child process the dev stack owns: its output goes line by line to a callback (the
 * orchestrator prefixes it with the process name), it runs in its own process group so a
 * terminal Ctrl-C reaches only the orchestrator (which then stops everything in order), and
 * `stop()` escalates from a polite signal to SIGKILL of the whole group.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ManagedProcessOptions {
  name: string;
  command: string;
  args: readonly string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  uid?: number;
  gid?: number;
  onLine: (line: string, stream: 'stdout' | 'stderr') => void;
}

const live = new Set<ManagedProcess>();

// Last resort when the orchestrator exits without a clean stop: kill what is still running.
process.on('exit', () => {
  for (const p of live) if (p.running) p.killGroupNow('SIGKILL');
});

export class ManagedProcess {
  readonly name: string;
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private exitedFlag = false;

  constructor(options: ManagedProcessOptions) {
    this.name = options.name;
    const spawnOptions: SpawnOptions = {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    };
    if (options.uid !== undefined) spawnOptions.uid = options.uid;
    if (options.gid !== undefined) spawnOptions.gid = options.gid;
    this.child = spawn(options.command, options.args, spawnOptions);
    live.add(this);
    for (const stream of ['stdout', 'stderr'] as const) {
      const source = this.child[stream];
      if (source) createInterface({ input: source }).on('line', (line) => options.onLine(line, stream));
    }
    this.exited = new Promise((resolve) => {
      this.child.on('error', (err) => {
        options.onLine(`failed to start ${options.command}: ${err.message}`, 'stderr');
        this.exitedFlag = true;
        live.delete(this);
        resolve({ code: -1, signal: null });
      });
      this.child.on('exit', (code, signal) => {
        this.exitedFlag = true;
        live.delete(this);
        resolve({ code, signal });
      });
    });
  }

  get running(): boolean {
    return !this.exitedFlag;
  }

  /** Signals the whole process group (the child and anything it spawned). */
  killGroupNow(signal: NodeJS.Signals): void {
    if (this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, signal);
    } catch {
      // group already gone
    }
  }

  /**
   * Sends `signal` to the process itself (its own shutdown logic decides what happens to its
   * children), waits up to `graceMs`, then SIGKILLs the group; remnants of the group are reaped.
   */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000): Promise<void> {
    if (this.running) {
      this.child.kill(signal);
      const timer = setTimeout(() => this.killGroupNow('SIGKILL'), graceMs);
      await this.exited;
      clearTimeout(timer);
    }
    this.killGroupNow('SIGKILL');
  }
}
