import type { InputHTMLAttributes } from 'react';
import type { FieldValues } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { useFieldBinding, useLimitHint, type FieldProps } from './field';
import { controlClasses, FieldFrame } from './field-frame';

type TextFieldProps<T extends FieldValues> = FieldProps<T> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form' | 'id'>;

export function TextField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  className,
  onChange,
  required,
  maxLength,
  ...inputProps
}: TextFieldProps<T>) {
  const shownHint = useLimitHint(form, name, hint, maxLength);
  const { controlProps, ...frame } = useFieldBinding(form, name, !!shownHint, onChange);
  return (
    <FieldFrame label={label} hint={shownHint} required={required} className={className} {...frame}>
      <input
        type="text"
        aria-required={required || undefined}
        maxLength={maxLength}
        {...inputProps}
        {...controlProps}
        className={cn(controlClasses, 'h-10')}
      />
    </FieldFrame>
  );
}
