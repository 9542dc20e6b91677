import { useEffect } from 'react';
import toast from 'react-hot-toast';

/**
 * Spec §8 load failures ('Error fetching users', 'Failed to fetch roles') as one toast per
 * failure; the message is its id, so two screens sharing a query do not stack duplicates.
 */
export function useErrorToast(isError: boolean, message: string) {
  useEffect(() => {
    if (isError) toast.error(message, { id: message });
  }, [isError, message]);
}
