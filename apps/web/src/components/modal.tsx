import * as Dialog from '@radix-ui/react-dialog';
import { DialogContent, DialogOverlay, DialogRoot } from './ui/dialog-root';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './ui/button';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons under the scrolling body, e.g. Close and Save Changes. */
  footer?: ReactNode;
  /** Keeps the dialog open while a save is in flight. */
  preventClose?: boolean;
  size?: 'md' | 'lg';
  /**
   * 'above' for a dialog opened from inside another dialog (a picker in a modal form): its
   * backdrop then dims the dialog under it too, as a confirmation's does.
   */
  layer?: 'base' | 'above';
  children: ReactNode;
}

/**
 * A centred dialog for pickers and small forms that open over a page or a side panel.
 * Radix traps focus, closes on Escape and gives focus back on close.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  footer,
  preventClose = false,
  size = 'md',
  layer = 'base',
  children,
}: ModalProps) {
  const above = layer === 'above';
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange} preventClose={preventClose}>
      <Dialog.Portal>
        <DialogOverlay
          className={cn(
            'animate-fade-in fixed inset-0 bg-backdrop/40',
            above ? 'z-[80]' : 'z-[60]',
          )}
        />
        <DialogContent
          aria-describedby={undefined}
          className={cn(
            above ? 'z-[90]' : 'z-[70]',
            'animate-fade-in fixed top-1/2 left-1/2 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-surface shadow-2xl focus:outline-none',
            size === 'lg' ? 'max-w-3xl' : 'max-w-lg',
          )}
        >
          <header className="flex items-start justify-between gap-4 border-b border-neutral-200 px-5 py-4">
            <div className="min-w-0">
              <Dialog.Title className="text-base font-semibold text-neutral-900">
                {title}
              </Dialog.Title>
              {description && (
                <Dialog.Description className="mt-1 text-sm text-neutral-500">
                  {description}
                </Dialog.Description>
              )}
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close dialog" disabled={preventClose}>
                <X className="size-5" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </header>
          <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer && (
            <footer className="flex flex-wrap justify-end gap-3 border-t border-neutral-200 bg-neutral-50 px-5 py-3">
              {footer}
            </footer>
          )}
        </DialogContent>
      </Dialog.Portal>
    </DialogRoot>
  );
}
