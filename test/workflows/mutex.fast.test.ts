/**
 * The Mutex the signing round's update handlers take turns with (workflows/mutex.ts): plain
 * promises, so it is tested directly — one holder at a time, turns in arrival order, the lock
 * passed on when a holder fails, and each caller given its own result or failure.
 */
import assert from 'node:assert/strict';
import { Mutex } from '../../workflows/mutex.js';

/** Resolves after the current macrotask, so other holders could interleave if the lock let them. */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Mutex (workflow code)', () => {
  it('one holder at a time, in arrival order', async () => {
    const mutex = new Mutex();
    const log: string[] = [];
    let holding = 0;
    let most = 0;
    const turn = (name: string, ticks: number) =>
      mutex.run(async () => {
        holding++;
        most = Math.max(most, holding);
        log.push(`${name} in`);
        for (let i = 0; i < ticks; i++) await tick();
        log.push(`${name} out`);
        holding--;
        return name;
      });
    // The first holds longest: later arrivals must still wait, and in the order they came.
    const results = await Promise.all([turn('ana', 3), turn('ben', 1), turn('cai', 2), turn('dan', 0)]);
    assert.deepEqual(results, ['ana', 'ben', 'cai', 'dan']);
    assert.equal(most, 1);
    assert.deepEqual(log, ['ana in', 'ana out', 'ben in', 'ben out', 'cai in', 'cai out', 'dan in', 'dan out']);
  });

  it('a holder that fails gets its own failure, and the next caller still gets the lock', async () => {
    const mutex = new Mutex();
    const log: string[] = [];
    const failing = mutex.run(async () => {
      await tick();
      log.push('ana fails');
      throw new Error('firma rechazada');
    });
    const next = mutex.run(async () => {
      log.push('ben signs');
      return 'ben';
    });
    await assert.rejects(failing, /firma rechazada/);
    assert.equal(await next, 'ben');
    assert.deepEqual(log, ['ana fails', 'ben signs']);
  });

  it('free again once everyone is done: a later caller runs at once', async () => {
    const mutex = new Mutex();
    await Promise.all([mutex.run(async () => tick()), mutex.run(async () => tick())]);
    let ran = false;
    const later = mutex.run(async () => {
      ran = true;
    });
    // run() took the lock synchronously up to fn's first await: no turn to wait for.
    assert.equal(ran, true);
    await later;
  });
});
