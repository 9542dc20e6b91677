import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses } from './ui/field-frame';
import { Select, type SelectOption } from './ui/select';

/** The look of every control in a DataTable filter row. */
const filterClasses = cn(controlClasses, 'h-9 min-w-32 py-1.5');

/** The error a filter's value has, tied to its controls by id (aria-describedby). */
function useFilterError(error: string | undefined) {
  const id = useId();
  return {
    control: error ? { 'aria-invalid': true, 'aria-describedby': id } : {},
    message: (children: ReactNode) =>
      error ? (
        <div className="flex flex-col gap-1">
          {children}
          <p id={id} className="text-xs font-normal tracking-normal text-danger-700 normal-case">
            {error}
          </p>
        </div>
      ) : (
        children
      ),
  };
}

interface FilterTextProps extends Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'inputMode' | 'placeholder'
> {
  /** The accessible name: a filter row has no visible labels. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** A text search in a list's filter row; screens use it through the *For controls below. */
function FilterText({ label, value, onChange, error, ...rest }: FilterTextProps) {
  const { control, message } = useFilterError(error);
  return message(
    <input
      type="search"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={filterClasses}
      {...control}
      {...rest}
    />,
  );
}

interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The choices after the leading 'All' (value ''). */
  options: readonly SelectOption[];
  error?: string;
}

/** A choice in a list's filter row; its first option is always 'All'. */
function FilterSelect({ label, value, onChange, options, error }: FilterSelectProps) {
  const { control, message } = useFilterError(error);
  return message(
    <Select
      aria-label={label}
      value={value}
      onChange={onChange}
      options={options}
      placeholder="All"
      emptyOption
      className="h-9 min-w-32 py-1.5"
      {...control}
    />,
  );
}

/** The part of a list's state a filter control reads and writes (from useListPage). */
export interface FilterBinding<Key extends string> {
  inputs: Record<Key, string>;
  setFilter: (key: Key, value: string) => void;
  /** A filter's error to correct, by name: a value the server refused, a start after its end. */
  errors?: Partial<Record<Key, string>>;
}

/** A text filter bound to one of the list's filters: `<FilterTextFor list={list} name="email" …/>`. */
export function FilterTextFor<Key extends string>({
  list,
  name,
  label,
  placeholder,
  inputMode,
}: {
  list: FilterBinding<Key>;
  name: Key;
  label: string;
  placeholder: string;
  inputMode?: 'numeric';
}) {
  return (
    <FilterText
      label={label}
      placeholder={placeholder}
      inputMode={inputMode}
      value={list.inputs[name]}
      onChange={(value) => list.setFilter(name, value)}
      error={list.errors?.[name]}
    />
  );
}

/**
 * A filter on a record id or another whole number. What is typed stays as typed: a value that
 * is no id ('-1') is the server's to refuse, shown on the field, never quietly rewritten.
 */
export function FilterNumberFor<Key extends string>({
  list,
  name,
  label,
  placeholder,
}: {
  list: FilterBinding<Key>;
  name: Key;
  label: string;
  placeholder: string;
}) {
  return (
    <FilterText
      label={label}
      placeholder={placeholder}
      inputMode="numeric"
      value={list.inputs[name]}
      onChange={(value) => list.setFilter(name, value)}
      error={list.errors?.[name]}
    />
  );
}

/** A select filter bound to one of the list's filters. */
export function FilterSelectFor<Key extends string>({
  list,
  name,
  label,
  options,
}: {
  list: FilterBinding<Key>;
  name: Key;
  label: string;
  options: readonly SelectOption[];
}) {
  return (
    <FilterSelect
      label={label}
      value={list.inputs[name]}
      onChange={(value) => list.setFilter(name, value)}
      options={options}
      error={list.errors?.[name]}
    />
  );
}

/** A day in a list's filter row (YYYY-MM-DD in the URL); cleared means "All". */
function FilterDate({
  label,
  value,
  onChange,
  min,
  max,
  invalid,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  invalid?: Record<string, unknown>;
}) {
  return (
    <input
      type="date"
      aria-label={label}
      value={value}
      min={min}
      max={max}
      onChange={(event) => onChange(event.target.value)}
      className={cn(filterClasses, 'min-w-36')}
      {...invalid}
    />
  );
}

/** A from–to pair of days bound to two of the list's filters; neither can cross the other. */
export function FilterDateRangeFor<Key extends string>({
  list,
  from,
  to,
  fromLabel,
  toLabel,
}: {
  list: FilterBinding<Key>;
  from: Key;
  to: Key;
  fromLabel: string;
  toLabel: string;
}) {
  // One message for the pair: a start after the end is wrong on both days.
  const { control, message } = useFilterError(list.errors?.[to] ?? list.errors?.[from]);
  return message(
    <div className="flex flex-col gap-1.5">
      <FilterDate
        label={fromLabel}
        value={list.inputs[from]}
        max={list.inputs[to] || undefined}
        onChange={(value) => list.setFilter(from, value)}
        invalid={control}
      />
      <FilterDate
        label={toLabel}
        value={list.inputs[to]}
        min={list.inputs[from] || undefined}
        onChange={(value) => list.setFilter(to, value)}
        invalid={control}
      />
    </div>,
  );
}
