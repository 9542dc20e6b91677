import type { InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses } from './ui/field-frame';
import { Select, type SelectOption } from './ui/select';

/** The look of every control in a DataTable filter row. */
const filterClasses = cn(controlClasses, 'h-9 min-w-32 py-1.5');

interface FilterTextProps extends Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'inputMode' | 'placeholder'
> {
  /** The accessible name: a filter row has no visible labels. */
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A text search in a list's filter row; screens use it through the *For controls below. */
function FilterText({ label, value, onChange, ...rest }: FilterTextProps) {
  return (
    <input
      type="search"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={filterClasses}
      {...rest}
    />
  );
}

interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The choices after the leading 'All' (value ''). */
  options: readonly SelectOption[];
}

/** A choice in a list's filter row; its first option is always 'All'. */
function FilterSelect({ label, value, onChange, options }: FilterSelectProps) {
  return (
    <Select
      aria-label={label}
      value={value}
      onChange={onChange}
      options={options}
      placeholder="All"
      emptyOption
      className="h-9 min-w-32 py-1.5"
    />
  );
}

/** The part of a list's state a filter control reads and writes (from useListPage). */
export interface FilterBinding<Key extends string> {
  inputs: Record<Key, string>;
  setFilter: (key: Key, value: string) => void;
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
    />
  );
}

/** A filter on a record id or another whole number: whatever is not a digit is dropped as typed. */
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
      onChange={(value) => list.setFilter(name, value.replace(/\D/g, ''))}
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
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
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
  return (
    <div className="flex flex-col gap-1.5">
      <FilterDate
        label={fromLabel}
        value={list.inputs[from]}
        max={list.inputs[to] || undefined}
        onChange={(value) => list.setFilter(from, value)}
      />
      <FilterDate
        label={toLabel}
        value={list.inputs[to]}
        min={list.inputs[from] || undefined}
        onChange={(value) => list.setFilter(to, value)}
      />
    </div>
  );
}
