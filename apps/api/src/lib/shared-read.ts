/**
 * Callers that arrive while a read is running share the next one instead of each starting
 * their own: under load one statement answers a whole queue of identical requests. Every
 * caller's answer comes from a read that started after it called, so nobody sees data older
 * than their request (a change committed before a Refresh is always in its answer). For reads
 * whose answer is the same for every caller, such as the dashboard (decision 028).
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let next: Promise<T> | null = null;

  const start = () => {
    const current = read().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  };

  return () => {
    if (!running) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}
