import { Toaster } from 'react-hot-toast';

/**
 * Spec §9 toast durations: 4000 ms blank and error, 2000 ms success, loading until dismissed.
 * react-hot-toast already caps the stack at 20 toasts, the spec's maximum.
 */
export function AppToaster() {
  return (
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
  );
}
