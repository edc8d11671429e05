/**
 * A FIFO lock for workflow code: update handlers of one document take turns, because each
 * signature is an incremental update over the revision the previous one produced.
 * Deterministic (plain promises, no timers). Safe to import from workflow code.
 */
export class Mutex {
  private busy = false;
  private readonly waiting: (() => void)[] = [];

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy = true;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.busy = false;
    }
  }
}
