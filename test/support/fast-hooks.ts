/**
 * Mocha's setup for the fast tier (test/fast.mocharc.cjs), in place of test/support/hooks.ts: no
 * test stack starts. The Temporal SDK logs errors only (everything with TEST_LOG=debug), so a
 * workflow retrying an activity hundreds of times in skipped time does not print each attempt, nor
 * the SDK core its warning about the test server's missing capabilities.
 */
import { DefaultLogger, Runtime } from '@temporalio/worker';

const level = process.env.TEST_LOG === 'debug' ? 'DEBUG' : 'ERROR';
Runtime.install({
  logger: new DefaultLogger(level),
  telemetryOptions: { logging: { filter: { core: level, other: level } } },
});
