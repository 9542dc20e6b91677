import { useCallback, useRef, useState } from 'react';

/**
 * One run at a time, however fast a button is pressed: the second click of a double-click
 * arrives before React re-renders with the busy flag, so a ref turns it away at once. A quick
 * answer (a local mail server) can end the run before that second click lands: pass the click
 * and a click that is the second of a double-click (`detail` > 1) is turned away too.
 * `busy` drives the button; `running()` is for checks that must not wait for a render.
 */
export function useSingleFlight() {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (task: () => Promise<unknown>, click?: { detail: number }) => {
    if (inFlight.current || (click?.detail ?? 0) > 1) return;
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
