import { Toaster } from 'react-hot-toast';

/**
 * Spec §9 toast durations: 4000 ms blank and error, 2000 ms success, loading until dismissed.
 * react-hot-toast already caps the stack at 20 toasts, the spec's maximum.
 */
export function AppToaster() {
  return (
    // A modal panel or dialog hides the rest of the page from assistive technology (Radix uses
    // aria-hidden's hideOthers), but it spares elements carrying aria-live: this wrapper keeps
    // the toasts about the form in the panel audible. "off" because each toast is its own
    // polite live region already.
    <div aria-live="off">
      <Toaster
        position="top-right"
        toastOptions={{
          duration: 4000,
          success: { duration: 2000 },
          error: { duration: 4000 },
          loading: { duration: Infinity },
          className: 'text-sm',
        }}
      />
    </div>
  );
}
