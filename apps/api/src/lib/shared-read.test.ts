import { describe, expect, it } from 'vitest';
import { sharedRead } from './shared-read';

/** A read whose runs the test finishes by hand, numbered in the order they started. */
function manualRead() {
  const runs: { n: number; finish: () => void; fail: (e: Error) => void }[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const n = runs.length + 1;
      runs.push({ n, finish: () => resolve(n), fail: reject });
    });
  return { runs, read };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('sharedRead', () => {
  it('lets callers that arrive during a read share the next one, never the running one', async () => {
    const { runs, read } = manualRead();
    const shared = sharedRead(read);
    const first = shared();
    expect(runs).toHaveLength(1);
    // Arrived while run 1 was under way: run 1 may have read before their call, so they wait.
    const second = shared();
    const third = shared();
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    expect(await first).toBe(1);
    await tick();
    expect(runs).toHaveLength(2);
    runs[1]!.finish();
    expect([await second, await third]).toEqual([2, 2]);
  });

  it('starts afresh once idle, and a failed read fails only the callers that shared it', async () => {
    const { runs, read } = manualRead();
    const shared = sharedRead(read);
    const first = shared();
    const second = shared();
    runs[0]!.fail(new Error('down'));
    await expect(first).rejects.toThrow('down');
    await tick();
    runs[1]!.finish();
    expect(await second).toBe(2);
    await tick();
    const later = shared();
    expect(runs).toHaveLength(3);
    runs[2]!.finish();
    expect(await later).toBe(3);
  });
});
