import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/*
 * A field's look and its accessible wiring, apart from any form library: the drawers' fields
 * (field.tsx, react-hook-form) and the sign-in form (plain state, so the first screen does not
 * download the form library) share it.
 */

/** The ids that tie a control to its label, hint and error message. */
export function useFieldIds(hasHint: boolean, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hasHint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
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
