import type { InputHTMLAttributes } from 'react';
import type { FieldValues } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { useFieldBinding, type FieldProps } from './field';
import { FieldMessages } from './field-frame';

type CheckboxFieldProps<T extends FieldValues> = FieldProps<T> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form' | 'id' | 'type'>;

/** A checkbox with its label beside it; hint and error sit under the label. */
export function CheckboxField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  className,
  onChange,
  ...inputProps
}: CheckboxFieldProps<T>) {
  const { controlProps, id, ...messages } = useFieldBinding(
    form,
    name,
    hint !== undefined,
    onChange,
  );
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        type="checkbox"
        {...inputProps}
        {...controlProps}
        className="mt-0.5 size-4 rounded border-neutral-300 accent-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
      />
      <div className="space-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-neutral-700">
          {label}
        </label>
        <FieldMessages hint={hint} {...messages} />
      </div>
    </div>
  );
}
