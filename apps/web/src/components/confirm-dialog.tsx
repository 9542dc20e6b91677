import { recordEtag } from '@cricket/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage, recordChanged } from '@/lib/http';
import { useSingleFlight } from '@/lib/use-single-flight';
import type { ConfirmDialogProps } from './confirm-dialog-view';
import { lazyPanel } from './lazy-panel';
import { RecordChangedNotice } from './record-changed';
import { controlClasses } from './ui/field-frame';

/**
 * A confirmation before a destructive action. Its code (Radix's dialog, focus trap and scroll
 * lock) loads the first time one opens: a list screen's first render needs none of it, and on
 * a slow phone link it shared the line with the rows being fetched (issue 18).
 */
export const ConfirmDialog = lazyPanel<ConfirmDialogProps>(
  () => import('./confirm-dialog-view').then((m) => m.ConfirmDialogView),
  (p) => p.open,
);

interface ConfirmDeleteOptions<Row> {
  /**
   * Sends the request; its promise decides success or failure. `ifMatch` is the row's version
   * as the list showed it (from `version`): the DELETE sends it as If-Match (decision 059).
   */
  run: (row: Row, ifMatch: string | undefined) => Promise<unknown>;
  /** The row's `updated_at`, for a record that carries a version. */
  version?: (row: Row) => string;
  title: string;
  description: (row: Row) => ReactNode;
  /** Spec texts: 'User deleted successfully', and the fallback when the server gives no reason. */
  successText: string | ((row: Row) => string);
  failureText: string;
  /** False disables Confirm (the row may not be deleted); say why in the description. */
  allowed?: (row: Row) => boolean;
  /** Asked with the confirmation, under the description: a removal's reason. */
  details?: (row: Row) => ReactNode;
  confirmLabel?: string;
  /**
   * For what cannot be undone (erasing a person): Confirm waits until this text, such as the
   * person's email, is typed into the field labelled `label` (any case, spaces around ignored).
   */
  typed?: (row: Row) => { label: string; expected: string };
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
  details,
  confirmLabel,
  typed,
  version,
}: ConfirmDeleteOptions<Row>) {
  const [target, setTarget] = useState<Row | null>(null);
  // Someone changed the row since the list showed it: the delete was refused (412).
  const [changed, setChanged] = useState(false);
  const [reloading, setReloading] = useState(false);
  const queryClient = useQueryClient();
  const [typedText, setTypedText] = useState('');
  const typedId = useId();
  const typing = target === null ? undefined : typed?.(target);
  const typedMatches =
    !typing || typedText.trim().toLowerCase() === typing.expected.trim().toLowerCase();
  // After a delete the row and its button are on their way out: focus goes to the page.
  const [deleted, setDeleted] = useState(false);
  const flight = useSingleFlight();

  function confirm() {
    if (target === null || !allowed(target) || !typedMatches || changed) return;
    void flight.run(async () => {
      try {
        await run(target, version && recordEtag(version(target)));
        toast.success(typeof successText === 'function' ? successText(target) : successText);
        setDeleted(true);
        setTarget(null);
      } catch (error) {
        if (recordChanged(error)) setChanged(true);
        else toast.error(errorMessage(error, failureText));
      }
    });
  }

  /** Reads the screen's records again and closes: the row is asked about afresh. */
  async function reload() {
    setReloading(true);
    try {
      await queryClient.invalidateQueries();
    } finally {
      setReloading(false);
      setTarget(null);
    }
  }

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && setTarget(null)}
      title={title}
      description={target === null ? '' : description(target)}
      details={
        target === null || (!details && !typing && !changed) ? undefined : (
          <>
            {changed && (
              <RecordChangedNotice
                change={{ fields: [] }}
                onReload={() => void reload()}
                reloading={reloading}
              />
            )}
            {details?.(target)}
            {typing && (
              <div className="space-y-1.5 pt-2">
                <label htmlFor={typedId} className="block text-sm font-medium text-neutral-800">
                  {typing.label}
                </label>
                <input
                  id={typedId}
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  value={typedText}
                  onChange={(e) => setTypedText(e.target.value)}
                  className={controlClasses}
                />
              </div>
            )}
          </>
        )
      }
      confirmLabel={confirmLabel}
      onConfirm={confirm}
      busy={flight.busy}
      confirmDisabled={target !== null && (!allowed(target) || !typedMatches || changed)}
      returnFocus={deleted ? 'page' : 'opener'}
    />
  );
  const ask = (row: Row) => {
    setDeleted(false);
    setChanged(false);
    setTypedText('');
    setTarget(row);
  };
  return { ask, dialog };
}
