/** Mocha global fixtures: one real stack for the whole run. */
import { captureHistories } from './histories.js';
import { logBuffer, startTestStack, type TestStack } from './stack.js';

let stack: TestStack | undefined;

export async function mochaGlobalSetup(): Promise<void> {
  const started = Date.now();
  stack = await startTestStack();
  process.stderr.write(`  test stack ready in ${((Date.now() - started) / 1000).toFixed(1)}s (api ${stack.apiUrl}, temporal ${stack.temporalAddress})\n`);
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
