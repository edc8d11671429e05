/**
 * The fast tier (`npm run test:fast`): tests that need no test stack — no PostgreSQL, no Temporal
 * dev server, no signing service — so it runs alone in well under a minute. Pure rules, and
 * workflows on Temporal's time-skipping test server with activities the test supplies.
 *
 * A stack-free test is recognised by its place or name: everything under test/rules/ and
 * test/activities/, and any file named `*.fast.test.ts`. npm test's `test/**\/*.test.ts` runs
 * them too. The files listed by name below are stack-free tests that predate the convention.
 *
 * It requires test/support/fast-hooks.ts instead of .mocharc.json's hooks.ts, so no stack starts.
 */
module.exports = {
  'node-option': ['import=tsx', 'no-experimental-require-module'],
  require: ['test/support/fast-hooks.ts'],
  spec: [
    'test/rules/**/*.test.ts',
    'test/activities/**/*.test.ts',
    'test/**/*.fast.test.ts',
    'test/architecture.test.ts',
    'test/replay/replay.test.ts',
    'test/workflows/time-skipping.test.ts',
    'test/workflows/personal-authorization.test.ts',
    'test/workflows/deadlines.test.ts',
  ],
  timeout: 300000,
  // Two files at a time, one per core: the time-skipping test server (Java) and the worker share each.
  parallel: true,
  jobs: 2,
  reporter: 'spec',
};
