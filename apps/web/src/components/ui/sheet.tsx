import * as Dialog from '@radix-ui/react-dialog';
import { DialogContent, DialogOverlay, DialogRoot } from './dialog-root';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: 'left' | 'right';
  /** Names the dialog for assistive technology; rendered by the caller through SheetTitle. */
  children: ReactNode;
  /** While true, Escape, the overlay and close buttons leave the sheet open (e.g. saving). */
  preventClose?: boolean;
  /** Background and any other look; the sheet itself only positions and animates. */
  className: string;
}

/**
 * A modal panel sliding in from one edge. Radix traps focus inside, restores it on close
 * and closes on Escape; the sidebar drawer and every side panel are built on it.
 */
export function Sheet({
  open,
  onOpenChange,
  side,
  children,
  preventClose = false,
  className,
}: SheetProps) {
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange} preventClose={preventClose}>
      <Dialog.Portal>
        <DialogOverlay className="animate-fade-in fixed inset-0 z-40 bg-backdrop/40 backdrop-blur-[1px]" />
        <DialogContent
          aria-describedby={undefined}
          className={cn(
            'fixed inset-y-0 z-50 flex w-full flex-col shadow-2xl focus:outline-none',
            side === 'right'
              ? 'animate-slide-in-right right-0 max-w-lg'
              : 'animate-slide-in-left left-0 max-w-72',
            className,
          )}
        >
          {children}
        </DialogContent>
      </Dialog.Portal>
    </DialogRoot>
  );
}

export const SheetTitle = Dialog.Title;
export const SheetDescription = Dialog.Description;
export const SheetClose = Dialog.Close;
