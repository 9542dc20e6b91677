import * as Popover from '@radix-ui/react-popover';
import { CalendarDays } from 'lucide-react';
import { useState, type CSSProperties, type InputHTMLAttributes } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import type { FieldValues } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { useControlledField, type FieldProps } from './field';
import { controlClasses, FieldFrame } from './field-frame';

/** 'YYYY-MM-DD' in local time, the form's and the API's date format. */
function toIso(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function fromIso(value: string | undefined): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The calendar's accent in the theme's tokens (its stylesheet sets these on its own root). */
const CALENDAR_COLOURS = {
  '--rdp-accent-color': 'var(--color-primary-700)',
  '--rdp-accent-background-color': 'var(--color-primary-50)',
} as CSSProperties;

type DateFieldProps<T extends FieldValues> = FieldProps<T> &
  Pick<InputHTMLAttributes<HTMLInputElement>, 'required' | 'disabled'> & {
    /** The latest date that may be picked, 'YYYY-MM-DD' (e.g. today for a date of birth). */
    max?: string;
    className?: string;
  };

/**
 * A date as text (typed or pasted as YYYY-MM-DD, checked by the form's schema) with a calendar
 * in a popover to pick it; it looks like the text inputs instead of the browser's own picker.
 */
export function DateField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  required,
  disabled,
  max,
  className,
}: DateFieldProps<T>) {
  const { ref, value, onChange, onBlur, error, describedBy, frame } = useControlledField(
    form,
    name,
    hint !== undefined,
  );
  const [open, setOpen] = useState(false);
  const selected = fromIso(value);
  const latest = fromIso(max);

  return (
    <FieldFrame label={label} hint={hint} required={required} className={className} {...frame}>
      <div className="relative">
        <input
          ref={ref}
          id={frame.id}
          name={name}
          type="text"
          inputMode="numeric"
          placeholder="YYYY-MM-DD"
          autoComplete="off"
          max={max}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          disabled={disabled}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(controlClasses, 'h-10 pr-10')}
        />
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger
            type="button"
            disabled={disabled}
            aria-label="Open calendar"
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-neutral-500 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-primary-600"
          >
            <CalendarDays className="size-4" aria-hidden="true" />
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              align="end"
              sideOffset={4}
              className="z-[80] rounded-lg border border-neutral-200 bg-surface p-2 shadow-lg"
            >
              <DayPicker
                style={CALENDAR_COLOURS}
                mode="single"
                captionLayout="dropdown"
                selected={selected}
                defaultMonth={selected ?? latest}
                startMonth={new Date(1900, 0)}
                endMonth={latest ?? new Date(new Date().getFullYear() + 10, 11)}
                disabled={latest ? { after: latest } : undefined}
                onSelect={(date) => {
                  if (!date) return;
                  onChange(toIso(date));
                  setOpen(false);
                }}
              />
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </div>
    </FieldFrame>
  );
}
