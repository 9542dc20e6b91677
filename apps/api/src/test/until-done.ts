/**
 * A hang guard, not a speed check: a wait fails, saying what it saw, only once nothing has moved
 * for this long, so a slow machine passes and a stuck one does not hang the run.
 */
export const STALL_MS = 120_000;

/**
 * Polls `left` until it answers null (done). Its other answers say what is still missing; when
 * the same answer has stood for STALL_MS, the wait fails with it.
 */
export async function untilDone(
  left: () => Promise<string | null> | string | null,
  pauseMs = 20,
): Promise<void> {
  let seen: string | null = null;
  let movedAt = Date.now();
  for (;;) {
    const now = await left();
    if (now === null) return;
    if (now !== seen) [seen, movedAt] = [now, Date.now()];
    else if (Date.now() - movedAt > STALL_MS)
      throw new Error(`stuck for ${STALL_MS / 1000} s: ${now}`);
    await new Promise((r) => setTimeout(r, pauseMs));
  }
}
