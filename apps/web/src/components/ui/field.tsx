import { useId, type ChangeEvent, type ReactNode } from 'react';
import {
  useController,
  useFormState,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { cn } from '@/lib/cn';

/** Any react-hook-form form, whatever its context and transformed-output types. */
export type AnyForm<T extends FieldValues> = UseFormReturn<T, unknown, unknown>;

/** What every field component takes on top of its element's own attributes. */
export interface FieldProps<T extends FieldValues> {
  form: AnyForm<T>;
  name: Path<T>;
  label: ReactNode;
  hint?: ReactNode;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Registers a control and wires its label, hint and error for assistive technology.
 * A shown error is cleared as soon as the user edits the field (spec §5). Forms that should
 * keep quiet until the next submit use `reValidateMode: 'onSubmit'`; forms validating on
 * change (login: `mode: 'onTouched'`) re-check the field in the same event.
 */
export function useFieldBinding<T extends FieldValues, E extends Control>(
  form: AnyForm<T>,
  name: Path<T>,
  hasHint: boolean,
  onChange?: (event: ChangeEvent<E>) => void,
) {
  const formState = useFormState({ control: form.control, name });
  const error = form.getFieldState(name, formState).error?.message;
  const { id, hintId, errorId, describedBy } = useFieldIds(hasHint, error);
  const registration = form.register(name);

  return {
    id,
    hintId,
    errorId,
    error,
    controlProps: {
      ...registration,
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
      onChange: async (event: ChangeEvent<E>) => {
        if (form.getFieldState(name).error) form.clearErrors(name);
        onChange?.(event);
        await registration.onChange(event);
      },
    },
  };
}

/** The ids that tie a control to its label, hint and error message. */
export function useFieldIds(hasHint: boolean, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hasHint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

/**
 * A field whose control is not a plain input (a Radix Select, a date with a calendar): its
 * value as text, a change that clears the shown error (spec §5), and the label/hint/error ids.
 */
export function useControlledField<T extends FieldValues>(
  form: AnyForm<T>,
  name: Path<T>,
  hasHint: boolean,
) {
  const { field, fieldState } = useController({ control: form.control, name });
  const error = fieldState.error?.message;
  const { describedBy, ...frameIds } = useFieldIds(hasHint, error);
  const raw: unknown = field.value;
  return {
    ref: field.ref,
    value: raw === null || raw === undefined ? '' : String(raw),
    onChange: (next: string) => {
      form.clearErrors(name);
      field.onChange(next);
    },
    onBlur: field.onBlur,
    error,
    describedBy,
    frame: { ...frameIds, error },
  };
}

export const controlClasses = cn(
  'block w-full rounded-lg border border-neutral-300 bg-surface px-3 py-2 text-sm text-neutral-900 shadow-xs',
  'placeholder:text-neutral-400 focus:border-primary-600 focus:ring-2 focus:ring-primary-600/20 focus:outline-none',
  'disabled:cursor-not-allowed disabled:bg-neutral-50 disabled:text-neutral-500',
  'aria-invalid:border-danger-500 aria-invalid:focus:ring-danger-500/20',
);

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  hintId: string;
  error?: string;
  errorId: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label above the control, then the hint and the error message it is described by. */
export function FieldFrame({
  id,
  label,
  hint,
  hintId,
  error,
  errorId,
  required,
  className,
  children,
}: FieldFrameProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-neutral-700">
        {label}
        {required && (
          <span aria-hidden="true" className="text-danger-600">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: Pick<FieldFrameProps, 'hint' | 'hintId' | 'error' | 'errorId'>) {
  return (
    <>
      {hint && (
        <p id={hintId} className="text-xs text-neutral-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-danger-600">
          {error}
        </p>
      )}
    </>
  );
}
