import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

interface DialogRootProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** While true, Escape, the overlay and close buttons leave the dialog open (e.g. saving). */
  preventClose?: boolean;
  children: ReactNode;
}

/** Radix's dialog root with the one rule every dialog, sheet and panel shares: no closing mid-save. */
export function DialogRoot({
  open,
  onOpenChange,
  preventClose = false,
  children,
}: DialogRootProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && preventClose) return;
        onOpenChange(next);
      }}
    >
      {children}
    </Dialog.Root>
  );
}
