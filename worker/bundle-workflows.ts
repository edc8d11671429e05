/**
 * `npm run build` step: bundles the compiled workflows (dist/workflows/index.js) into
 * dist/workflows/bundle.js, which the worker loads instead of running webpack at every start
 * (about a second of CPU on each worker start). Run from dist/ after tsc.
 */
import { writeFile } from 'node:fs/promises';
import { bundleWorkflowCode } from '@temporalio/worker';
import { workflowBundlePath, workflowsPath } from './create-worker.js';

const started = performance.now();
const { code } = await bundleWorkflowCode({ workflowsPath: workflowsPath(), logger: quietLogger() });
await writeFile(workflowBundlePath(), code);
console.log(
  `workflow bundle: ${workflowBundlePath()} (${(code.length / 1024).toFixed(0)} kB, ${((performance.now() - started) / 1000).toFixed(1)} s)`,
);

/** webpack's per-module listing is noise in a build log; warnings and errors still show. */
function quietLogger() {
  const say = (level: string) => (message: string, meta?: unknown) =>
    console.error(`${level} ${message}${meta ? ` ${JSON.stringify(meta)}` : ''}`);
  return {
    log: () => undefined,
    trace: () => undefined,
    debug: () => undefined,
    info: () => undefined,
    warn: say('WARN'),
    error: say('ERROR'),
  };
}
