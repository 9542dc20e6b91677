import { DISCARD_CHANGES } from '@cricket/contracts';
import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';
import type { ReturnFocus } from './ui/dialog-root';

/** A form's unsaved work, as the guard sees it when someone leaves the route. */
export interface UnsavedWork {
  dirty: () => boolean;
  /** Drops the changes (the form goes back to what it opened with). */
  discard: () => void;
}

interface UnsavedChanges {
  /** Counts a form's work whenever the route is left; returns the way to stop counting it. */
  register: (work: UnsavedWork) => () => void;
  /** Asks 'Discard changes?' and runs `discard` only if the answer is Discard. */
  confirmDiscard: (discard: () => void) => void;
}

const UnsavedChangesContext = createContext<UnsavedChanges | null>(null);

/** The guard of the signed-in shell; null outside it (a form there closes without asking). */
export function useUnsavedChanges(): UnsavedChanges | null {
  return useContext(UnsavedChangesContext);
}

/**
 * One question for every form with changes: closing it (Escape, a click outside, Cancel, the
 * close button) or leaving its route (a link, Back) asks 'Discard changes?' first. It holds the
 * router's one blocker (react-router keeps only the latest), so forms register here instead of
 * each calling useBlocker. Only a change of path counts as leaving: a list's query may change
 * under an open panel without taking it away.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const works = useRef(new Set<UnsavedWork>());
  const [discardPending, setDiscardPending] = useState<(() => void) | null>(null);
  // After Discard the closing panel gives focus back itself, or the page takes it when left;
  // after 'Keep editing' focus goes back where it was.
  const [returnFocus, setReturnFocus] = useState<ReturnFocus>('opener');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname &&
      [...works.current].some((work) => work.dirty()),
  );
  const value = useMemo<UnsavedChanges>(
    () => ({
      register(work) {
        works.current.add(work);
        return () => {
          works.current.delete(work);
        };
      },
      confirmDiscard(discard) {
        setReturnFocus('opener');
        setDiscardPending(() => discard);
      },
    }),
    [],
  );

  const leaving = blocker.state === 'blocked';
  function answer(discard: boolean) {
    if (discard && leaving) {
      setReturnFocus('page');
      for (const work of works.current) if (work.dirty()) work.discard();
      blocker.proceed();
    } else if (discard) {
      setReturnFocus('none');
      discardPending?.();
    } else if (leaving) {
      setReturnFocus('opener');
      blocker.reset();
    }
    setDiscardPending(null);
  }

  return (
    <UnsavedChangesContext value={value}>
      {children}
      <ConfirmDialog
        open={discardPending !== null || leaving}
        onOpenChange={(open) => !open && answer(false)}
        title={DISCARD_CHANGES.title}
        description={DISCARD_CHANGES.description}
        confirmLabel={DISCARD_CHANGES.confirm}
        cancelLabel={DISCARD_CHANGES.cancel}
        onConfirm={() => answer(true)}
        returnFocus={returnFocus}
      />
    </UnsavedChangesContext>
  );
}
