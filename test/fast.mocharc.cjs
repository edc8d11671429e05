/**
 * The fast tier (`npm run test:fast`): tests that need no test stack — no PostgreSQL, no Temporal
 * dev server, no signing service — so it runs alone in well under a minute. Pure rules, and
 * workflows on Temporal's time-skipping test server with activities the test supplies.
 *
 * A stack-free test is recognised by its name or place: any file named `*.fast.test.ts`, and every
 * test under test/rules/ (pure signing rules). npm test's `test/**\/*.test.ts` runs them too. The
 * files listed by name below are stack-free tests that predate the convention.
 *
 * It requires test/support/fast-hooks.ts instead of .mocharc.json's hooks.ts, so no stack starts.
 */
module.exports = {
  'node-option': ['import=tsx', 'no-experimental-require-module'],
  require: ['test/support/fast-hooks.ts'],
  // The files that take longest first, so the two lanes end together.
  spec: [
    'test/workflows/personal-authorization.test.ts',
    'test/workflows/deadlines.test.ts',
    'test/workflows/time-skipping.test.ts',
    'test/**/*.fast.test.ts',
    'test/replay/replay.test.ts',
    // Mocha runs a file matched by two patterns twice: rules named *.fast.test.ts came in above.
    'test/rules/**/!(*.fast).test.ts',
    'test/architecture.test.ts',
  ],
  timeout: 300000,
  // Two files at a time, one per core: the time-skipping test server (Java) and the worker share each.
  parallel: true,
  jobs: 2,
  reporter: 'spec',
};
