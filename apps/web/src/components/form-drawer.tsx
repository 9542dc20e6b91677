import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { recordEtag } from '@cricket/contracts';
import { ApiError, doneEarlier, errorMessage, recordChanged } from '@/lib/http';
import { useSingleFlight } from '@/lib/use-single-flight';
import { Modal } from './modal';
import { changedFields, RecordChangedNotice, type RecordChange } from './record-changed';
import { SidePanel } from './side-panel';
import { Button } from './ui/button';
import { useUnsavedChanges } from './unsaved-changes';

/** The submit callback's way to say "I showed my own message; stay open, no success toast". */
export const KEEP_OPEN = Symbol('keep open');

interface FormLifecycleOptions<In extends FieldValues, Out> {
  form: UseFormReturn<In, unknown, Out>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the form shows on opening and returns to on close and after a save. */
  values: () => In;
  /**
   * Sends the request(s). Throw to fail; return KEEP_OPEN after handling a problem itself.
   * `ifMatch` is the version of the record being edited, for its PUT (with `version`).
   */
  submit: (values: Out, ifMatch: string | undefined) => Promise<unknown>;
  /**
   * Spec §8 texts, e.g. 'User created successfully' and 'Failed to create user'; a function
   * words the success from what `submit` returned ('Sending to 191 recipients').
   */
  successText: string | ((outcome: unknown) => string);
  failureText: string;
  /** Toast when the form does not validate, e.g. 'Please fix the validation errors...'. */
  invalidText?: string;
  /** Anything else to do then, e.g. open the part of the form holding the error. */
  onInvalid?: () => void;
  /**
   * True for a failure after which the server kept what was submitted (a reply stored but not
   * delivered): the form closes after the failure toast, so the same thing is not sent twice.
   */
  failureKept?: (error: unknown) => boolean;
  /** Unsaved work the form's values do not hold, e.g. a picked file not uploaded yet. */
  changed?: boolean;
  /** The record the form edits, versioned (decision 059); none when it creates one. */
  version?: RecordVersion<In>;
}

/** What an edit form knows of its record's version, to send it and to meet a 412. */
export interface RecordVersion<In> {
  /** The record's `updated_at` as the form opens it. */
  updatedAt: string;
  /**
   * Reads the record again: its values as the form holds them, its `updated_at`, and what else
   * the panel must take from it on Reload (state outside the form, such as a selection).
   */
  reload: () => Promise<{ values: In; updatedAt: string; apply?: () => void }>;
  /** The form's fields by their labels, to name the ones changed underneath. */
  labels: Partial<Record<keyof In, string>>;
}

/** Puts the API's per-field messages (`errors` in the envelope) under the fields they name. */
export function showServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  error: unknown,
): void {
  if (!(error instanceof ApiError)) return;
  const known = form.getValues();
  for (const [field, messages] of Object.entries(error.errors)) {
    const first = messages[0];
    if (first && field in known) form.setError(field as Path<T>, { message: first });
  }
}

/**
 * The life of every form in a side panel or modal: one request at a time however fast the
 * submit is pressed, a busy flag for the button, the server's field errors on the fields and its
 * message in the failure toast (else the screen's fallback), a reset on open, on close and after
 * success, and no closing while a save is running. A form with changes is not thrown away
 * unasked: closing it or leaving its route asks 'Discard changes?' (`UnsavedChangesGuard`),
 * reloading or closing the tab the browser's 'Leave site?'; an unchanged one (nothing typed, or
 * typed and put back) closes at once.
 */
export function useFormLifecycle<In extends FieldValues, Out>({
  form,
  open,
  onOpenChange,
  values,
  submit,
  successText,
  failureText,
  invalidText,
  onInvalid,
  failureKept,
  changed = false,
  version,
}: FormLifecycleOptions<In, Out>) {
  const flight = useSingleFlight();
  // The version the form's values came from: the record's as opened, then what Reload read.
  const loaded = useRef<{ values: In; updatedAt: string } | null>(null);
  const [change, setChange] = useState<RecordChange | null>(null);
  const reloading = useSingleFlight();
  const unsaved = useUnsavedChanges();
  const dirty = open && (form.formState.isDirty || changed);
  // What the guard reads when the route is left: the latest render's answer, cleared the moment
  // the form resets, so a save that navigates (a routed panel closing) is not held up.
  const dirtyNow = useRef(false);
  useEffect(() => {
    dirtyNow.current = dirty;
  }, [dirty]);
  useEffect(
    () =>
      unsaved?.register({
        dirty: () => dirtyNow.current,
        discard: () => {
          dirtyNow.current = false;
          // Back to the values the form last opened with.
          form.reset();
        },
      }),
    [unsaved, form],
  );

  // Reloading or closing the tab is no route change the guard sees: while there are changes the
  // browser asks its own 'Leave site?'. Listening only then keeps the page in the back-forward
  // cache otherwise.
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const resetForm = useEffectEvent(() => {
    const opening = values();
    loaded.current = version ? { values: opening, updatedAt: version.updatedAt } : null;
    form.reset(opening);
  });
  useEffect(() => {
    if (open) resetForm();
  }, [open]);
  // A panel that loads its record after opening learns its version then.
  const adoptVersion = useEffectEvent(() => {
    if (open && version && !loaded.current)
      loaded.current = { values: values(), updatedAt: version.updatedAt };
  });
  const arrivedVersion = version?.updatedAt;
  useEffect(() => {
    if (arrivedVersion !== undefined) adoptVersion();
  }, [arrivedVersion]);

  /** Back to the opening values, and closed: after a save, or on Cancel when none is running. */
  function resetAndClose() {
    dirtyNow.current = false;
    setChange(null);
    form.reset(values());
    onOpenChange(false);
  }

  /** Their version, read again: what changed underneath beside what the form holds. */
  async function meetChange() {
    setChange({ fields: [] });
    if (!version || !loaded.current) return;
    try {
      const theirs = await version.reload();
      setChange({
        fields: changedFields(
          loaded.current.values,
          theirs.values,
          form.getValues(),
          version.labels as Record<string, string | undefined>,
        ),
      });
    } catch {
      // The message and Reload still show; Reload tries the read again.
    }
  }

  /** Reload: the form takes their version, and saves go on from it. */
  const reload = () =>
    reloading.run(async () => {
      if (!version) return;
      try {
        const { apply, ...theirs } = await version.reload();
        loaded.current = theirs;
        dirtyNow.current = false;
        form.reset(theirs.values);
        apply?.();
        setChange(null);
      } catch (error) {
        toast.error(errorMessage(error, failureText));
      }
    });

  /** Cancel, Escape, a click outside, the close button: asks first when there are changes. */
  function close() {
    if (flight.running()) return;
    if (dirty && unsaved) unsaved.confirmDiscard(resetAndClose);
    else resetAndClose();
  }

  // Built when submitted rather than while rendering: its callbacks clear the guard's ref.
  const validated = () =>
    form.handleSubmit(
      async (data) => {
        let outcome: unknown;
        try {
          const current = loaded.current;
          outcome = await submit(data, current ? recordEtag(current.updatedAt) : undefined);
        } catch (error) {
          // Someone else saved it first: the panel stays open with theirs beside this (059).
          if (recordChanged(error)) {
            await meetChange();
            return;
          }
          // An earlier press saved it and its answer was lost: this one is done too (decision 036).
          if (doneEarlier(error)) {
            toast.success(
              errorMessage(
                error,
                typeof successText === 'string' ? successText : successText(null),
              ),
            );
            resetAndClose();
            return;
          }
          showServerErrors(form, error);
          toast.error(errorMessage(error, failureText));
          if (failureKept?.(error)) resetAndClose();
          return;
        }
        if (outcome === KEEP_OPEN) return;
        toast.success(typeof successText === 'string' ? successText : successText(outcome));
        resetAndClose();
      },
      () => {
        if (invalidText) toast.error(invalidText);
        onInvalid?.();
      },
    )();

  return {
    saving: flight.busy,
    /** Set after a 412: the record changed underneath, with Reload. */
    change,
    reload,
    reloading: reloading.busy,
    /** Use as the form's onSubmit or a button's onClick. */
    submit: (event?: { preventDefault: () => void }) => {
      event?.preventDefault();
      void flight.run(validated);
    },
    close,
    onOpenChange: (next: boolean) => (next ? onOpenChange(true) : close()),
  };
}

export type FormLifecycle = ReturnType<typeof useFormLifecycle>;

interface FormDrawerProps {
  lifecycle: Pick<FormLifecycle, 'saving' | 'submit' | 'close' | 'onOpenChange'> &
    Partial<Pick<FormLifecycle, 'change' | 'reload' | 'reloading'>>;
  open: boolean;
  /** A side panel (create/edit screens) or a centred modal (small forms over a page). */
  kind?: 'panel' | 'modal';
  title: ReactNode;
  description?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  cancelLabel?: string;
  /** False while the form's data loads: the submit button waits. */
  ready?: boolean;
  size?: 'md' | 'lg';
  /** Another way to finish, beside the submit button (save and submit for approval). */
  extraAction?: ReactNode;
  children: ReactNode;
}

/** A form in a side panel or modal with Cancel and a submit button driven by its lifecycle. */
export function FormDrawer({
  lifecycle,
  open,
  kind = 'panel',
  title,
  description,
  submitLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  ready = true,
  size,
  extraAction,
  children,
}: FormDrawerProps) {
  const formId = useId();
  const { saving } = lifecycle;
  const footer = (
    <>
      <Button variant="secondary" onClick={lifecycle.close} disabled={saving}>
        {cancelLabel}
      </Button>
      {extraAction}
      <Button type="submit" form={formId} busy={saving} busyText={busyLabel} disabled={!ready}>
        {submitLabel}
      </Button>
    </>
  );
  const body = (
    <form id={formId} onSubmit={lifecycle.submit} noValidate className="space-y-5">
      {lifecycle.change && lifecycle.reload && (
        <RecordChangedNotice
          change={lifecycle.change}
          onReload={() => void lifecycle.reload?.()}
          reloading={lifecycle.reloading ?? false}
        />
      )}
      {children}
    </form>
  );
  const shared = {
    open,
    onOpenChange: lifecycle.onOpenChange,
    title,
    description,
    footer,
    preventClose: saving,
  };
  return kind === 'panel' ? (
    <SidePanel {...shared} wide={size === 'lg'}>
      {body}
    </SidePanel>
  ) : (
    <Modal {...shared} size={size}>
      {body}
    </Modal>
  );
}
