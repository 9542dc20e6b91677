import { Suspense, lazy, useEffect, useState, type ComponentType } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { retryOnce } from '@/lib/lazy-page';

/**
 * A side panel or dialog whose code loads the first time it opens, not with its screen: a
 * list opens without the form library and the schemas its create and edit panels need.
 * Once opened it stays mounted, so it can animate out and keep its state like any panel.
 * `isOpen` reads the panel's own props (`open`, or the record it shows).
 */
export function lazyPanel<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  isOpen: (props: Props) => boolean,
): ComponentType<Props> {
  const Panel = lazy(async () => ({ default: await retryOnce(load) }));
  function LazyPanel(props: Props) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    // Escape while its code loads takes the panel back, as it would close the panel itself.
    const { onOpenChange } = props as { onOpenChange?: (open: boolean) => void };
    return (
      <Suspense
        fallback={
          <PanelLoading onEscape={open && onOpenChange ? () => onOpenChange(false) : undefined} />
        }
      >
        <Panel {...props} />
      </Suspense>
    );
  }
  return LazyPanel;
}

function PanelLoading({ onEscape }: { onEscape?: () => void }) {
  useEffect(() => {
    if (!onEscape) return;
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onEscape();
    };
    // From the next task on: the Escape that opened this panel (a form's 'Discard changes?')
    // may still be on its way to the document.
    const listen = setTimeout(() => document.addEventListener('keydown', escape));
    return () => {
      clearTimeout(listen);
      document.removeEventListener('keydown', escape);
    };
  }, [onEscape]);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-backdrop/10 text-primary-700">
      <Spinner label="Loading" className="size-8 border-4" />
    </div>
  );
}
