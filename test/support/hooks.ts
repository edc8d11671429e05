/** Mocha global fixtures: one real stack for the whole run. */
import { captureHistories } from './histories.js';
import { logBuffer, startTestStack, type TestStack } from './stack.js';

let stack: TestStack | undefined;
let temporalWebUi = false;

/**
 * Called at the top of a test file that opens the Temporal Web UI: mocha loads every file before
 * the global setup starts the stack, so the run's Temporal serves its UI; other runs stay headless.
 */
export function useTemporalWebUi(): void {
  temporalWebUi = true;
}

export async function mochaGlobalSetup(): Promise<void> {
  const started = Date.now();
  stack = await startTestStack({ temporalWebUi });
  process.stderr.write(
    `  test stack ready in ${((Date.now() - started) / 1000).toFixed(1)}s (api ${stack.apiUrl}, temporal ${stack.temporalAddress}${stack.temporalUiUrl ? `, its web UI ${stack.temporalUiUrl}` : ''})\n`,
  );
}

export async function mochaGlobalTeardown(): Promise<void> {
  const historiesDir = process.env.CAPTURE_HISTORIES;
  if (stack && historiesDir) {
    const written = await captureHistories(stack.client, historiesDir);
    process.stderr.write(`  saved ${written.length} workflow histories to ${historiesDir}\n`);
  }
  await stack?.stop();
}

export function getStack(): TestStack {
  if (!stack) throw new Error('test stack not started (run tests through mocha with test/support/hooks.ts)');
  return stack;
}

/** Server-side log lines written during a failing test are printed under it. */
export const mochaHooks = {
  beforeEach(): void {
    logBuffer.length = 0;
  },
  afterEach(this: Mocha.Context): void {
    if (this.currentTest?.state === 'failed' && logBuffer.length) {
      process.stderr.write(`      server log during this test:\n${logBuffer.map((l) => `        ${l}`).join('\n')}\n`);
    }
  },
};
