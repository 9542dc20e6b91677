import * as Dialog from '@radix-ui/react-dialog';
import { CircleHelp, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
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
  /**
   * 'danger' (the default) for what cannot be undone or loses something: a delete, a discard,
   * a cancel. 'primary' for a go-ahead that is no loss, e.g. a large send: a red button there
   * says 'careful, destructive' when it is not.
   */
  tone?: 'danger' | 'primary';
}

const TONES = {
  danger: { icon: TriangleAlert, badge: 'bg-danger-50 text-danger-600', button: 'danger' },
  primary: { icon: CircleHelp, badge: 'bg-primary-50 text-primary-700', button: 'primary' },
} as const;

/**
 * Asks before an action: a destructive one ('Delete User') or a go-ahead ('Send Notification'). Loaded the first time a dialog opens:
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
  tone = 'danger',
}: ConfirmDialogProps) {
  const { icon: Icon, badge, button } = TONES[tone];
  return (
    <DialogRoot
      open={open}
      onOpenChange={onOpenChange}
      preventClose={busy}
      returnFocus={returnFocus}
    >
      <Dialog.Portal>
        {/* Above side panels and modals: a confirmation can be asked from inside either. */}
        <DialogOverlay className="animate-fade-in fixed inset-0 z-[80] bg-neutral-900/40" />
        <DialogContent
          role="alertdialog"
          className="animate-fade-in fixed top-1/2 left-1/2 z-[90] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-surface p-6 shadow-2xl focus:outline-none"
        >
          <div className="flex gap-4">
            <span
              className={cn(
                'flex size-10 shrink-0 items-center justify-center rounded-full',
                badge,
              )}
            >
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="space-y-2">
              <Dialog.Title className="text-base font-semibold text-neutral-900">
                {title}
              </Dialog.Title>
              <Dialog.Description className="text-sm text-neutral-600">
                {description}
              </Dialog.Description>
            </div>
          </div>
          <div className="mt-6 flex justify-end gap-3">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={busy}>
                {cancelLabel}
              </Button>
            </Dialog.Close>
            <Button variant={button} busy={busy} disabled={confirmDisabled} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </DialogContent>
      </Dialog.Portal>
    </DialogRoot>
  );
}
