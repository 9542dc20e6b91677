import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import type { Ref } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses } from './field-frame';

export interface SelectOption {
  value: string;
  label: string;
}

/** Radix reserves '' for "nothing chosen"; an empty choice such as 'All' travels as this. */
const EMPTY = '__empty__';

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
  ref?: Ref<HTMLButtonElement>;
  onBlur?: () => void;
}

/**
 * The one drop-down of the app: a Radix Select (keyboard, typeahead, screen-reader roles)
 * drawn like the text inputs. Every list filter, form field and the rows-per-page choice use it.
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
  const items =
    emptyOption && placeholder ? [{ value: EMPTY, label: placeholder }, ...options] : options;
  const current = value === '' ? (emptyOption ? EMPTY : '') : value;
  return (
    <RadixSelect.Root
      value={current}
      onValueChange={(next) => onChange(next === EMPTY ? '' : next)}
      disabled={disabled}
      required={required}
      name={name}
      onOpenChange={(open) => !open && onBlur?.()}
    >
      <RadixSelect.Trigger
        ref={ref}
        id={id}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        {...aria}
        className={cn(
          controlClasses,
          'flex h-10 items-center justify-between gap-2 text-left data-[placeholder]:text-neutral-400',
          className,
        )}
      >
        <span className="truncate">
          <RadixSelect.Value placeholder={placeholder} />
        </span>
        <RadixSelect.Icon>
          <ChevronDown className="size-4 shrink-0 text-neutral-500" aria-hidden="true" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-[80] max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-neutral-200 bg-surface shadow-lg"
        >
          <RadixSelect.Viewport className="p-1">
            {items.map((option) => (
              <RadixSelect.Item
                key={option.value}
                value={option.value}
                className="relative flex cursor-pointer items-center rounded-md py-2 pr-8 pl-3 text-sm text-neutral-900 outline-none select-none data-[highlighted]:bg-primary-50 data-[highlighted]:text-primary-900 data-[state=checked]:font-medium"
              >
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                <RadixSelect.ItemIndicator className="absolute right-2 inline-flex">
                  <Check className="size-4 text-primary-700" aria-hidden="true" />
                </RadixSelect.ItemIndicator>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
