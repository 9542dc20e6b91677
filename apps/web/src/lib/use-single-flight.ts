import { useCallback, useRef, useState } from 'react';

/**
 * One run at a time, however fast a button is pressed: the second click of a double-click
 * arrives before React re-renders with the busy flag, so a ref turns it away at once.
 * `busy` drives the button; `running()` is for checks that must not wait for a render.
 */
export function useSingleFlight() {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (task: () => Promise<unknown>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);
  const running = useCallback(() => inFlight.current, []);
  return { busy, run, running };
}
