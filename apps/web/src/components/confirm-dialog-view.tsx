import * as Dialog from '@radix-ui/react-dialog';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { DialogContent, DialogOverlay, DialogRoot, type ReturnFocus } from './ui/dialog-root';
import { Button } from './ui/button';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  onConfirm: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirmed action is running: both buttons wait and the dialog stays open. */
  busy?: boolean;
  /** The action is not allowed (a role that still has users): Confirm cannot be pressed. */
  confirmDisabled?: boolean;
  /** Where focus goes on closing (`DialogRoot`): 'page' once the action removed the opener's row. */
  returnFocus?: ReturnFocus;
  /** What the action will do, shown under the description (a summary, the data to be sent). */
  details?: ReactNode;
  /** 'primary' for an action that destroys nothing (submitting for review); wide for details. */
  tone?: 'danger' | 'primary';
  wide?: boolean;
}

/**
 * Asks before a destructive action, e.g. 'Delete User'. Loaded the first time a dialog opens:
 * screens use `ConfirmDialog` from confirm-dialog.tsx.
 */
export function ConfirmDialogView({
  open,
  onOpenChange,
  title,
  description,
  onConfirm,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  busy = false,
  confirmDisabled = false,
  returnFocus = 'opener',
  details,
  tone = 'danger',
  wide = false,
}: ConfirmDialogProps) {
  return (
    <DialogRoot
      open={open}
      onOpenChange={onOpenChange}
      preventClose={busy}
      returnFocus={returnFocus}
    >
      <Dialog.Portal>
        {/* Above side panels and modals: a confirmation can be asked from inside either. */}
        <DialogOverlay className="animate-fade-in fixed inset-0 z-[80] bg-backdrop/40" />
        <DialogContent
          role="alertdialog"
          className={`animate-fade-in fixed top-1/2 left-1/2 z-[90] flex max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-surface p-6 shadow-2xl focus:outline-none ${wide ? 'max-w-2xl' : 'max-w-md'}`}
        >
          <div className="flex min-h-0 gap-4">
            {tone === 'danger' && (
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-danger-50 text-danger-600">
                <TriangleAlert className="size-5" aria-hidden="true" />
              </span>
            )}
            <div className="flex min-h-0 min-w-0 flex-1 flex-col space-y-2">
              <Dialog.Title className="text-base font-semibold text-neutral-900">
                {title}
              </Dialog.Title>
              <Dialog.Description className="text-sm text-neutral-600">
                {description}
              </Dialog.Description>
              {details && <div className="min-h-0 overflow-auto">{details}</div>}
            </div>
          </div>
          <div className="mt-6 flex justify-end gap-3">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={busy}>
                {cancelLabel}
              </Button>
            </Dialog.Close>
            <Button variant={tone} busy={busy} disabled={confirmDisabled} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </DialogContent>
      </Dialog.Portal>
    </DialogRoot>
  );
}
