import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from './http';

/**
 * Shows a failed query once as an error toast (spec §8): the server's `message` when it sent
 * one, else the screen's own text. The toast id is the fallback text, so two parts of a screen
 * sharing a query never stack the same toast twice.
 */
export function useErrorToast(error: unknown, fallback: string): void {
  useEffect(() => {
    if (!error) return;
    toast.error(errorMessage(error, fallback), { id: fallback });
  }, [error, fallback]);
}
