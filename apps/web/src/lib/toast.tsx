import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

/**
 * Spec §9 toast durations: 4000 ms blank and error, 2000 ms success, loading until dismissed.
 * react-hot-toast already caps the stack at 20 toasts, the spec's maximum.
 */
export function AppToaster() {
  useSingleOfEachMessage();
  return (
    // A modal panel or dialog hides the rest of the page from assistive technology (Radix uses
    // aria-hidden's hideOthers), but it spares elements carrying aria-live: this wrapper keeps
    // the toasts about the form in the panel audible. "off" because each toast is its own
    // polite live region already.
    <div aria-live="off">
      {/* Bottom centre, above a panel's footer: clear of a side panel's title and close button
          (the panel opens on the right, full width on phones) and of its Save and Cancel. */}
      <Toaster
        position="bottom-center"
        containerStyle={{ bottom: 88 }}
        toastOptions={{
          duration: 4000,
          success: { duration: 2000 },
          error: { duration: 4000 },
          loading: { duration: Infinity },
          className: 'text-sm',
          // react-hot-toast draws white with dark text: in the theme's tokens instead.
          style: {
            background: 'var(--color-surface)',
            color: 'var(--color-neutral-900)',
            border: '1px solid var(--color-neutral-200)',
          },
        }}
      />
    </div>
  );
}

/**
 * A repeated message replaces the one already showing instead of stacking under it: pressing
 * Save on a form with errors again and again must not build a wall of identical toasts over
 * the form's own buttons.
 */
function useSingleOfEachMessage() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const showing = new Set<string>();
    // Newest first, so the older copies go.
    for (const t of toasts) {
      if (!t.visible || typeof t.message !== 'string') continue;
      const key = `${t.type}:${t.message}`;
      if (showing.has(key)) toast.dismiss(t.id);
      else showing.add(key);
    }
  }, [toasts]);
}
