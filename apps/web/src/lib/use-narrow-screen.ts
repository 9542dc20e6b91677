import { useSyncExternalStore } from 'react';

/** Below Tailwind's `sm` breakpoint (40rem): a phone held upright. */
const NARROW = '(max-width: 39.99rem)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(NARROW);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the window is phone-narrow, kept current as it is resized or rotated. */
export function useNarrowScreen() {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(NARROW).matches ?? false,
    () => false,
  );
}
