/** Running many asynchronous tasks a few at a time. */

/** Runs `task` over `items` with at most `concurrency` at once; the first failure stops new ones and is thrown. */
export async function eachBounded<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, async () => {
      while (!failed && next < items.length) {
        const index = next++;
        try {
          await task(items[index]!, index);
        } catch (err) {
          failed = true;
          throw err;
        }
      }
    }),
  );
}
