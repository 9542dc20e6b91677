import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from './http';

/**
 * Shows a failed query once as an error toast (spec §8): the server's message when
 * `preferServer` and there is one, else the screen's own text.
 */
export function useErrorToast(error: unknown, fallback: string, preferServer = false): void {
  useEffect(() => {
    if (!error) return;
    toast.error(preferServer ? errorMessage(error, fallback) : fallback);
  }, [error, fallback, preferServer]);
}
