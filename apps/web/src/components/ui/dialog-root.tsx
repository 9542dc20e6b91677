import * as Dialog from '@radix-ui/react-dialog';
import { createContext, useContext, useState, type ComponentProps, type ReactNode } from 'react';

interface DialogRootProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** While true, Escape, the overlay and close buttons leave the dialog open (e.g. saving). */
  preventClose?: boolean;
  /**
   * Where focus goes on closing: back to the control that opened the dialog, to the page's
   * main region when the action removed that control (a deleted row's Delete button), or
   * nowhere when the dialog beneath closes with it and gives focus back itself (Discard).
   */
  returnFocus?: ReturnFocus;
  children: ReactNode;
}

export type ReturnFocus = 'opener' | 'page' | 'none';

/** Where a closing dialog gives focus back: an element, null for the page's main region. */
const ReturnFocusContext = createContext<Element | null | 'none'>(null);

/**
 * Radix's dialog root with the rules every dialog, sheet and panel shares: no closing mid-save,
 * and focus goes back to the control that opened it. Radix returns focus only to a
 * Dialog.Trigger; our dialogs open from state (a row action, a page button), so the root notes
 * what had focus when it opened.
 */
export function DialogRoot({
  open,
  onOpenChange,
  preventClose = false,
  returnFocus = 'opener',
  children,
}: DialogRootProps) {
  const [wasOpen, setWasOpen] = useState(open);
  const [opener, setOpener] = useState<Element | null>(() =>
    open && typeof document !== 'undefined' ? document.activeElement : null,
  );
  // Adjusted while rendering: the opening render runs before Radix moves focus inside.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(document.activeElement);
  }
  return (
    <ReturnFocusContext
      value={returnFocus === 'opener' ? opener : returnFocus === 'none' ? 'none' : null}
    >
      <Dialog.Root
        open={open}
        onOpenChange={(next) => {
          if (!next && preventClose) return;
          onOpenChange(next);
        }}
      >
        {children}
      </Dialog.Root>
    </ReturnFocusContext>
  );
}

/**
 * Radix's Dialog.Content that, on closing, focuses the opener again if it is still there. When
 * it is gone, or the root asked for the page, focus goes to the page's main region rather than
 * falling to the document, so the keyboard carries on from the page.
 */
export function DialogContent(props: ComponentProps<typeof Dialog.Content>) {
  const opener = useContext(ReturnFocusContext);
  return (
    <Dialog.Content
      onCloseAutoFocus={(event) => {
        if (opener === 'none') {
          event.preventDefault();
          return;
        }
        const target =
          opener instanceof HTMLElement && opener.isConnected
            ? opener
            : document.getElementById('main-content');
        if (target) {
          event.preventDefault();
          target.focus();
        }
      }}
      {...props}
    />
  );
}

/**
 * Radix's overlay, except that pressing it leaves focus where it was: a click outside a form
 * with changes asks 'Discard changes?', and 'Keep editing' gives focus back to the field that
 * had it, which a press on the overlay would otherwise have moved to the document.
 */
export function DialogOverlay(props: ComponentProps<typeof Dialog.Overlay>) {
  return <Dialog.Overlay onMouseDown={(event) => event.preventDefault()} {...props} />;
}
