import * as Dialog from '@radix-ui/react-dialog';
import { DialogContent, DialogRoot } from './ui/dialog-root';
import { TriangleAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '@/lib/http';
import { useSingleFlight } from '@/lib/use-single-flight';
import { Button } from './ui/button';

interface ConfirmDialogProps {
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
}

/** Asks before a destructive action, e.g. 'Delete User'. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  onConfirm,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  busy = false,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange} preventClose={busy}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-40 bg-neutral-900/40" />
        <DialogContent
          role="alertdialog"
          className="animate-fade-in fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-surface p-6 shadow-2xl focus:outline-none"
        >
          <div className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-danger-50 text-danger-600">
              <TriangleAlert className="size-5" aria-hidden="true" />
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
            <Button variant="danger" busy={busy} disabled={confirmDisabled} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </DialogContent>
      </Dialog.Portal>
    </DialogRoot>
  );
}

interface ConfirmDeleteOptions<Row> {
  /** Sends the request; its promise decides success or failure. */
  run: (row: Row) => Promise<unknown>;
  title: string;
  description: (row: Row) => ReactNode;
  /** Spec texts: 'User deleted successfully', and the fallback when the server gives no reason. */
  successText: string | ((row: Row) => string);
  failureText: string;
  /** False disables Confirm (the row may not be deleted); say why in the description. */
  allowed?: (row: Row) => boolean;
}

/**
 * The delete flow every list shares: ask, send exactly one request however often Confirm is
 * pressed, toast the outcome, close on success and stay open on failure so the user can retry
 * or cancel. The list itself steps back a page when the delete emptied the last one.
 */
export function useConfirmDelete<Row>({
  run,
  title,
  description,
  successText,
  failureText,
  allowed = () => true,
}: ConfirmDeleteOptions<Row>) {
  const [target, setTarget] = useState<Row | null>(null);
  const flight = useSingleFlight();

  function confirm() {
    if (target === null || !allowed(target)) return;
    void flight.run(async () => {
      try {
        await run(target);
        toast.success(typeof successText === 'function' ? successText(target) : successText);
        setTarget(null);
      } catch (error) {
        toast.error(errorMessage(error, failureText));
      }
    });
  }

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && setTarget(null)}
      title={title}
      description={target === null ? '' : description(target)}
      onConfirm={confirm}
      busy={flight.busy}
      confirmDisabled={target !== null && !allowed(target)}
    />
  );
  return { ask: setTarget, dialog };
}
