import type { SelectHTMLAttributes } from 'react';
import type { FieldValues } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { controlClasses, FieldFrame, useFieldBinding, type FieldProps } from './field';

export interface SelectOption {
  value: string;
  label: string;
}

type SelectFieldProps<T extends FieldValues> = FieldProps<T> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'form' | 'id' | 'children'> & {
    options: readonly SelectOption[];
    /** A first, empty choice such as 'Select a role'. */
    placeholder?: string;
  };

export function SelectField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  options,
  placeholder,
  className,
  onChange,
  required,
  ...selectProps
}: SelectFieldProps<T>) {
  const { controlProps, ...frame } = useFieldBinding(form, name, hint !== undefined, onChange);
  return (
    <FieldFrame label={label} hint={hint} required={required} className={className} {...frame}>
      <select
        aria-required={required || undefined}
        {...selectProps}
        {...controlProps}
        className={cn(controlClasses, 'h-10 pr-8')}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
