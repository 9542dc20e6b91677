import type { Ref } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses } from './field-frame';

export interface SelectOption {
  value: string;
  label: string;
  /** Shown but not choosable (a channel this server cannot send); say why in the label. */
  disabled?: boolean;
}

export interface SelectProps {
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** An empty first choice ('All', 'Select a role'); shown when the value is ''. */
  placeholder?: string;
  /** Whether the empty choice can be picked again (filters) or only shown (forms). */
  emptyOption?: boolean;
  id?: string;
  name?: string;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  'aria-label'?: string;
  'aria-describedby'?: string;
  className?: string;
  ref?: Ref<HTMLSelectElement>;
  onBlur?: () => void;
}

/**
 * The one drop-down of the app: the browser's own <select>, drawn like the text inputs, its
 * picker styled where the browser allows (`.select` in index.css). Keyboard, typeahead,
 * screen-reader roles and a phone's own picker come with it, at no script cost: a Radix Select
 * rendered every option of every closed drop-down on mount, a third of a list screen's first
 * render (decision 031). Every list filter, form field and the rows-per-page choice use it.
 */
export function Select({
  value,
  onChange,
  options,
  placeholder,
  emptyOption = false,
  id,
  name,
  disabled,
  required,
  invalid,
  className,
  ref,
  onBlur,
  ...aria
}: SelectProps) {
  return (
    <select
      ref={ref}
      id={id}
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      required={required}
      aria-invalid={invalid || undefined}
      {...aria}
      data-placeholder={value === '' ? '' : undefined}
      className={cn(
        controlClasses,
        'select flex h-10 items-center gap-2 overflow-hidden py-0 text-left whitespace-nowrap data-[placeholder]:text-neutral-500',
        className,
      )}
    >
      {/* A form's placeholder names the choice to make and cannot be chosen back; an option
          whose value is '' (an explicit 'none', such as an account message) stands in for it. */}
      {(placeholder !== undefined || value === '') && !options.some((o) => o.value === '') && (
        <option value="" disabled={!emptyOption} hidden={!emptyOption}>
          {placeholder ?? ''}
        </option>
      )}
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
