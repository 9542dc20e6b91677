import { fieldLimitReached } from '@cricket/contracts';
import type { ChangeEvent, ReactNode } from 'react';
import {
  useController,
  useFormState,
  useWatch,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { useFieldIds } from './field-frame';

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

/**
 * A text field with a limit stops there (its `maxLength`); the hint then says so, so text cut
 * off as it was typed or pasted is not cut silently. Returns the hint to show.
 */
export function useLimitHint<T extends FieldValues>(
  form: AnyForm<T>,
  name: Path<T>,
  hint: ReactNode,
  maxLength: number | undefined,
): ReactNode {
  const value: unknown = useWatch({ control: form.control, name, disabled: !maxLength });
  const reached = maxLength !== undefined && typeof value === 'string' && value.length >= maxLength;
  if (!reached) return hint;
  const note = fieldLimitReached(maxLength);
  return hint ? (
    <>
      {hint} <span className="font-medium text-neutral-700">{note}</span>
    </>
  ) : (
    note
  );
}

/**
 * A field whose control is not a plain input (the drop-down, a date with a calendar): its
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
