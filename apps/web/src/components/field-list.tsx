import { Plus } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A field array's error as react-hook-form keeps it: on the array itself or on its root. */
export function fieldListError(error: unknown) {
  const e = error as { message?: string; root?: { message?: string } } | undefined;
  return e?.message ?? e?.root?.message;
}

/**
 * A form's list of repeated items (a template's buttons, an audience's rules): the legend with
 * how many of how many, an add button that stops at the limit and says why, and the list's own
 * error; each item is a child.
 */
export function FieldList({
  legend,
  count,
  max,
  fullText,
  addLabel,
  onAdd,
  error,
  children,
}: {
  legend: string;
  count: number;
  max: number;
  /** Said beside the add button once the list is full. */
  fullText: string;
  addLabel: string;
  onAdd: () => void;
  error?: string;
  children: ReactNode;
}) {
  const full = count >= max;
  const fullId = useId();
  return (
    <fieldset className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <legend className="text-sm font-medium text-neutral-700">
          {legend}{' '}
          <span className="font-normal text-neutral-500">
            ({count}/{max})
          </span>
        </legend>
        <Button
          variant="secondary"
          size="sm"
          onClick={onAdd}
          disabled={full}
          aria-describedby={full ? fullId : undefined}
        >
          <Plus className="size-4" aria-hidden="true" />
          {addLabel}
        </Button>
      </div>
      {full && (
        <p id={fullId} className="text-xs text-neutral-500">
          {fullText}
        </p>
      )}
      {error && (
        <p role="alert" className="text-xs font-medium text-danger-600">
          {error}
        </p>
      )}
      {children}
    </fieldset>
  );
}
