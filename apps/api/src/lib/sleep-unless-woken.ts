/**
 * Waits `ms`, or less: a worker's idle wait, which calling any function put in `wakers` ends at
 * once (a new job, a stop).
 */
export const sleepUnlessWoken = (ms: number, wakers: Set<() => void>) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      wakers.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    wakers.add(done);
  });
