/**
 * Saves the latest value a moment after the last change, one save at a time: a change made while
 * a save is in flight is saved right after it, never lost and never sent twice in parallel.
 */
import { formatTime } from './time';

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'error'; message: string };

/** What the editor says about its autosave: "Guardado a las 14:29:18" (the municipality's time, 24 hours). */
export function saveStateText(state: SaveState): string {
  switch (state.kind) {
    case 'idle':
      return '';
    case 'pending':
      return 'Cambios sin guardar…';
    case 'saving':
      return 'Guardando…';
    case 'saved':
      return `Guardado a las ${formatTime(state.at, { seconds: true })}`;
    case 'error':
      return `No se pudo guardar: ${state.message}`;
  }
}

export class Autosaver<T> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private latest: { value: T } | undefined;
  private inFlight: Promise<void> | undefined;

  constructor(
    private readonly save: (value: T) => Promise<void>,
    private readonly onState: (state: SaveState) => void,
    private readonly delayMs = 1200,
  ) {}

  change(value: T): void {
    this.latest = { value };
    this.onState({ kind: 'pending' });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Saves now whatever is pending (and waits for a save in flight). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.inFlight) await this.inFlight;
    const next = this.latest;
    if (!next) return;
    this.latest = undefined;
    this.onState({ kind: 'saving' });
    this.inFlight = this.save(next.value).then(
      () => {
        if (!this.latest) this.onState({ kind: 'saved', at: new Date() });
      },
      (err: Error) => {
        // Keep the unsaved value so the next change or flush tries again.
        this.latest ??= next;
        this.onState({ kind: 'error', message: err.message });
      },
    );
    const current = this.inFlight;
    await current;
    if (this.inFlight === current) this.inFlight = undefined;
  }

  get dirty(): boolean {
    return this.latest !== undefined || this.inFlight !== undefined;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
