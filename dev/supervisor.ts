/**
 * Keeps one process of the dev stack running: when it exits on its own it is started again after
 * a back-off delay, and only a process that keeps dying quickly makes the supervisor give up.
 *
 * Until `supervise()` is called (the orchestrator does so once `ready:` is printed) an exit is
 * reported as fatal straight away: a failure during start-up is nearly always a port in use or a
 * bad setting, and restarting would only bury the first error under repeats.
 */
import type { ManagedProcess } from './managed-process.js';

export interface RestartPolicy {
  /** Delay before the first restart; doubles with each further crash. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A run that lasted this long was healthy: its exit starts the back-off from the beginning. */
  stableAfterMs: number;
  /** This many exits within `crashWindowMs` and the supervisor gives up. */
  maxCrashes: number;
  crashWindowMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  firstDelayMs: 500,
  maxDelayMs: 30_000,
  stableAfterMs: 30_000,
  maxCrashes: 5,
  crashWindowMs: 60_000,
};

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One started instance of the process. */
export interface Run {
  readonly pid: number | undefined;
  /** Resolves when the process has ended (and its leftovers are gone). */
  readonly exited: Promise<Exit>;
  readonly running: boolean;
  /** Orderly stop (the orchestrator's shutdown). */
  stop(): Promise<void>;
  /** SIGKILL to the process and everything it spawned. */
  killNow(): void;
}

export type SupervisedState = 'starting' | 'running' | 'restarting' | 'stopped' | 'failed';

export interface SupervisedStatus {
  pid: number | null;
  state: SupervisedState;
  started_at: string | null;
  restarts: number;
  last_exit: { code: number | null; signal: string | null; at: string; after_ms: number } | null;
}

export interface SupervisorOptions {
  name: string;
  /** Starts one instance; for servers with state, resolves once it accepts connections. */
  start: () => Promise<Run>;
  policy?: RestartPolicy;
  log: (line: string) => void;
  /** The process cannot be kept up (or died before supervision began): stop the stack. */
  onFatal: (reason: string) => void;
  /** After a restart: resolves when the new instance serves again (logged for operators). */
  healthy?: () => Promise<void>;
  /** Something in `status()` changed. */
  onChange?: () => void;
}

/** A child process as a supervised run; whatever it spawned is killed when it ends. */
export function processRun(proc: ManagedProcess, graceMs: number): Run {
  return {
    pid: proc.child.pid,
    exited: proc.exited.then((exit) => {
      proc.killGroupNow('SIGKILL');
      return exit;
    }),
    get running() {
      return proc.running;
    },
    stop: () => proc.stop('SIGTERM', graceMs),
    killNow: () => proc.killGroupNow('SIGKILL'),
  };
}

export const describeExit = ({ code, signal }: Exit): string => (signal ? `signal ${signal}` : `exit code ${code}`);
const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(1))} s`;

export class Supervisor {
  readonly name: string;
  private readonly policy: RestartPolicy;
  private current: Run | undefined;
  private state: SupervisedState = 'starting';
  private supervising = false;
  private stopping = false;
  private startedAt = 0;
  private restarts = 0;
  private nextDelayMs: number;
  private crashes: number[] = [];
  private lastExit: SupervisedStatus['last_exit'] = null;
  private timer: NodeJS.Timeout | undefined;
  private restarting: Promise<void> | undefined;

  constructor(private readonly options: SupervisorOptions) {
    this.name = options.name;
    this.policy = options.policy ?? DEFAULT_RESTART_POLICY;
    this.nextDelayMs = this.policy.firstDelayMs;
  }

  /** The first start; its failure is the caller's (start-up fails). */
  async start(): Promise<void> {
    this.adopt(await this.options.start());
  }

  /** From now on an exit means a restart, not the end of the stack. */
  supervise(): void {
    this.supervising = true;
  }

  get running(): boolean {
    return this.current?.running ?? false;
  }

  get pid(): number | undefined {
    return this.current?.pid;
  }

  status(): SupervisedStatus {
    return {
      pid: this.running ? (this.current?.pid ?? null) : null,
      state: this.state,
      started_at: this.startedAt ? new Date(this.startedAt).toISOString() : null,
      restarts: this.restarts,
      last_exit: this.lastExit,
    };
  }

  /** Cancels a pending restart, waits for one under way, then stops the current instance. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.restarting;
    await this.current?.stop();
    this.state = 'stopped';
    this.options.onChange?.();
  }

  killNow(): void {
    this.stopping = true;
    clearTimeout(this.timer);
    this.current?.killNow();
  }

  private adopt(run: Run): void {
    this.current = run;
    this.startedAt = Date.now();
    this.state = 'running';
    this.options.onChange?.();
    void run.exited.then((exit) => {
      if (this.current === run) this.exitedOnItsOwn(exit, Date.now() - this.startedAt);
    });
  }

  private exitedOnItsOwn(exit: Exit, upMs: number): void {
    if (this.stopping) return;
    this.lastExit = { code: exit.code, signal: exit.signal, at: new Date().toISOString(), after_ms: upMs };
    if (!this.supervising) {
      this.state = 'failed';
      this.options.onChange?.();
      this.options.onFatal(`${this.name} exited unexpectedly (${describeExit(exit)})`);
      return;
    }
    this.crashed(`exited (${describeExit(exit)})`, upMs);
  }

  private crashed(what: string, upMs: number): void {
    const now = Date.now();
    this.crashes = [...this.crashes.filter((t) => now - t < this.policy.crashWindowMs), now];
    if (upMs >= this.policy.stableAfterMs) this.nextDelayMs = this.policy.firstDelayMs;
    const window = seconds(this.policy.crashWindowMs);
    if (this.crashes.length >= this.policy.maxCrashes) {
      this.state = 'failed';
      this.options.onChange?.();
      this.options.onFatal(
        `${this.name} ${what} after ${seconds(upMs)}; ${this.crashes.length} exits within ${window}, giving up`,
      );
      return;
    }
    const delay = this.nextDelayMs;
    this.nextDelayMs = Math.min(delay * 2, this.policy.maxDelayMs);
    this.state = 'restarting';
    this.options.onChange?.();
    this.options.log(
      `${this.name} ${what} after ${seconds(upMs)}; restarting in ${seconds(delay)}` +
        ` (${this.crashes.length} ${this.crashes.length === 1 ? 'exit' : 'exits'} within ${window}; the stack stops at ${this.policy.maxCrashes})`,
    );
    this.timer = setTimeout(() => {
      this.restarting = this.restart().finally(() => {
        this.restarting = undefined;
      });
    }, delay);
  }

  private async restart(): Promise<void> {
    if (this.stopping) return;
    this.restarts++;
    const started = Date.now();
    let run: Run;
    try {
      run = await this.options.start();
    } catch (err) {
      if (!this.stopping)
        this.crashed(`failed to start (${(err as Error).message.split('\n')[0]})`, Date.now() - started);
      return;
    }
    if (this.stopping) {
      await run.stop();
      return;
    }
    this.adopt(run);
    this.options.log(`${this.name} restarted (pid ${run.pid ?? '?'}, restart ${this.restarts})`);
    if (this.options.healthy) {
      this.options.healthy().then(
        () => {
          if (this.current === run && run.running) this.options.log(`${this.name} is serving again`);
        },
        () => undefined, // an instance that never serves exits, and that exit is handled above
      );
    }
  }
}
