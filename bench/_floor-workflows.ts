/**
 * A measuring instrument for `bench:breakdown`, not product code: the shape of a sign update
 * (an update whose handler awaits one activity) around an activity that only waits 10 ms, so the
 * benchmark can show what Temporal itself costs per update on this stack. (An activity that
 * returns at once is no measure: the workflow task after it then stays queued 24–33 ms.)
 */
import { condition, defineUpdate, proxyActivities, proxyLocalActivities, setHandler } from '@temporalio/workflow';

export interface FloorActivities {
  /** Waits FLOOR_ACTIVITY_MS and returns. */
  wait(): Promise<void>;
}

export const FLOOR_ACTIVITY_MS = 10;

const remote = proxyActivities<FloorActivities>({ startToCloseTimeout: '10s', heartbeatTimeout: '5s' });
const local = proxyLocalActivities<FloorActivities>({ startToCloseTimeout: '10s' });

export type FloorStep = 'no activity' | 'one local activity' | 'one activity';
export const floorStep = defineUpdate<void, [FloorStep]>('floorStep');
export const floorDone = defineUpdate<void>('floorDone');

export async function floorWorkflow(): Promise<void> {
  let done = false;
  setHandler(floorStep, async (step) => {
    if (step === 'one activity') await remote.wait();
    else if (step === 'one local activity') await local.wait();
  });
  setHandler(floorDone, () => {
    done = true;
  });
  await condition(() => done);
}
