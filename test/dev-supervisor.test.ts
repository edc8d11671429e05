/**
 * The restart policy of `npm start` (dev/supervisor.ts) on real child processes, with short delays:
 * back-off doubling, reset after a run that stayed up, giving up when exits come too fast, an
 * exit during start-up being fatal at once, and a stop cancelling a pending restart.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ManagedProcess } from '../dev/managed-process.js';
import { processRun, Supervisor, type RestartPolicy } from '../dev/supervisor.js';

const POLICY: RestartPolicy = {
  firstDelayMs: 100,
  maxDelayMs: 400,
  stableAfterMs: 1_500,
  maxCrashes: 4,
  crashWindowMs: 10_000,
};

/**
 * A child that appends its start to `log` and exits with code 3 after the n-th lifetime in
 * `lifetimesMs` (the last one repeats).
 */
function crashingChild(log: string, lifetimesMs: number[]) {
  const script = `
    const fs = require('node:fs');
    fs.appendFileSync(${JSON.stringify(log)}, Date.now() + '\\n');
    const n = fs.readFileSync(${JSON.stringify(log)}, 'utf8').trim().split('\\n').length;
    const lifetimes = ${JSON.stringify(lifetimesMs)};
    setTimeout(() => process.exit(3), lifetimes[Math.min(n, lifetimes.length) - 1]);`;
  return async () =>
    processRun(
      new ManagedProcess({ name: 'crashy', command: process.execPath, args: ['-e', script], onLine: () => undefined }),
      1_000,
    );
}

describe('dev stack restart policy', function () {
  this.timeout(30_000);
  let dir: string;
  let starts: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'expediente-supervisor-'));
    starts = path.join(dir, 'starts');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const startTimes = async () => (await readFile(starts, 'utf8')).trim().split('\n').map(Number);

  it('restarts with doubling delays, starts over after a run that stayed up, and gives up at the 4th quick exit', async () => {
    const lines: string[] = [];
    let fatal!: (reason: string) => void;
    const gaveUp = new Promise<string>((resolve) => (fatal = resolve));
    const supervisor = new Supervisor({
      name: 'crashy',
      start: crashingChild(starts, [50, 50, 1_800, 50]),
      policy: POLICY,
      log: (l) => lines.push(l),
      onFatal: fatal,
    });
    await supervisor.start();
    supervisor.supervise();
    const reason = await gaveUp;

    assert.match(reason, /^crashy exited \(exit code 3\) after [\d.]+ s; 4 exits within 10 s, giving up$/);
    const delays = lines.filter((l) => l.includes('restarting in')).map((l) => l.match(/restarting in ([\d.]+) s/)![1]);
    assert.deepEqual(delays, ['0.1', '0.2', '0.1'], 'doubled, then back to the first delay after the 1.8 s run');
    assert.match(
      lines[0]!,
      /^crashy exited \(exit code 3\) after [\d.]+ s; restarting in 0.1 s \(1 exit within 10 s; the stack stops at 4\)$/,
    );
    assert.equal(lines.filter((l) => /^crashy restarted \(pid \d+, restart \d\)$/.test(l)).length, 3);

    const times = await startTimes();
    assert.equal(times.length, 4, 'no start after giving up');
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    assert.ok(
      gaps[0]! >= 150 && gaps[1]! >= 250 && gaps[2]! >= 1_900,
      `each start waited for its delay: ${gaps.join(', ')} ms`,
    );

    const status = supervisor.status();
    assert.equal(status.state, 'failed');
    assert.equal(status.restarts, 3);
    assert.equal(status.last_exit?.code, 3);
    assert.equal(status.pid, null);
  });

  it('treats an exit before supervision starts (still starting up) as fatal at once', async () => {
    let fatal!: (reason: string) => void;
    const gaveUp = new Promise<string>((resolve) => (fatal = resolve));
    const supervisor = new Supervisor({
      name: 'crashy',
      start: crashingChild(starts, [50]),
      policy: POLICY,
      log: () => undefined,
      onFatal: fatal,
    });
    await supervisor.start();
    assert.equal(await gaveUp, 'crashy exited unexpectedly (exit code 3)');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await startTimes()).length, 1, 'not restarted');
  });

  it('a stop cancels a pending restart', async () => {
    const supervisor = new Supervisor({
      name: 'crashy',
      start: crashingChild(starts, [50]),
      policy: { ...POLICY, firstDelayMs: 5_000 },
      log: () => undefined,
      onFatal: (reason) => assert.fail(reason),
    });
    await supervisor.start();
    supervisor.supervise();
    while (supervisor.status().state !== 'restarting') await new Promise((r) => setTimeout(r, 20));
    await supervisor.stop();
    assert.equal(supervisor.status().state, 'stopped');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await startTimes()).length, 1);
  });
});
