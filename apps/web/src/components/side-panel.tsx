import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { Sheet, SheetClose, SheetDescription, SheetTitle } from './ui/sheet';

interface SidePanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons pinned under the scrolling body, e.g. Cancel and Create. */
  footer?: ReactNode;
  /** Keeps the panel open while a save is in flight (spec: panels cannot close while saving). */
  preventClose?: boolean;
  /** Room for an editor beside its preview (the WhatsApp template editor). */
  wide?: boolean;
  children: ReactNode;
}

/** The right-hand panel every create, edit and view form opens in. */
export function SidePanel({
  open,
  onOpenChange,
  title,
  description,
  footer,
  preventClose = false,
  wide = false,
  children,
}: SidePanelProps) {
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      side="right"
      preventClose={preventClose}
      className={wide ? 'bg-surface max-w-6xl' : 'bg-surface'}
    >
      <header className="flex items-start justify-between gap-4 border-b border-neutral-200 px-6 py-4">
        <div className="min-w-0">
          <SheetTitle className="text-lg font-semibold text-neutral-900">{title}</SheetTitle>
          {description && (
            <SheetDescription className="mt-1 text-sm text-neutral-500">
              {description}
            </SheetDescription>
          )}
        </div>
        <SheetClose asChild>
          <Button variant="ghost" size="icon" aria-label="Close panel" disabled={preventClose}>
            <X className="size-5" aria-hidden="true" />
          </Button>
        </SheetClose>
      </header>
      {/* Focusable: a read-only panel taller than the screen has nothing else a keyboard can
          scroll it with. */}
      <div
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="flex-1 overflow-y-auto px-6 py-5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600"
      >
        {children}
      </div>
      {footer && (
        <footer className="flex justify-end gap-3 border-t border-neutral-200 bg-neutral-50 px-6 py-4">
          {footer}
        </footer>
      )}
    </Sheet>
  );
}
