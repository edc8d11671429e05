import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Autosaver, type SaveState } from '../src/autosave';

describe('Autosaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves the last value once, after the pause', async () => {
    const saved: string[] = [];
    const states: SaveState['kind'][] = [];
    const saver = new Autosaver<string>(
      async (v) => {
        saved.push(v);
      },
      (s) => states.push(s.kind),
      1000,
    );
    saver.change('a');
    saver.change('ab');
    saver.change('abc');
    await vi.advanceTimersByTimeAsync(999);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toEqual(['abc']);
    expect(states.at(-1)).toBe('saved');
  });

  it('never runs two saves at once and saves what changed during a save', async () => {
    let release!: () => void;
    const saved: string[] = [];
    let running = 0;
    let maxRunning = 0;
    const saver = new Autosaver<string>(
      async (v) => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        if (v === 'first')
          await new Promise<void>((r) => {
            release = r;
          });
        saved.push(v);
        running--;
      },
      () => undefined,
      10,
    );
    saver.change('first');
    await vi.advanceTimersByTimeAsync(10);
    saver.change('second');
    const flushed = saver.flush();
    release();
    await flushed;
    expect(saved).toEqual(['first', 'second']);
    expect(maxRunning).toBe(1);
    expect(saver.dirty).toBe(false);
  });

  it('keeps a value whose save failed and tells why', async () => {
    let fail = true;
    const saved: string[] = [];
    const states: SaveState[] = [];
    const saver = new Autosaver<string>(
      async (v) => {
        if (fail) throw new Error('Documento no editable');
        saved.push(v);
      },
      (s) => states.push(s),
      10,
    );
    saver.change('x');
    await vi.advanceTimersByTimeAsync(10);
    expect(states.at(-1)).toEqual({ kind: 'error', message: 'Documento no editable' });
    expect(saver.dirty).toBe(true);
    fail = false;
    await saver.flush();
    expect(saved).toEqual(['x']);
  });
});
