import type { TextareaHTMLAttributes } from 'react';
import type { FieldValues } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { useFieldBinding, useLimitHint, type FieldProps } from './field';
import { controlClasses, FieldFrame } from './field-frame';

type TextAreaFieldProps<T extends FieldValues> = FieldProps<T> &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'form' | 'id'>;

export function TextAreaField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  className,
  onChange,
  required,
  maxLength,
  rows = 4,
  ...textAreaProps
}: TextAreaFieldProps<T>) {
  const shownHint = useLimitHint(form, name, hint, maxLength);
  const { controlProps, ...frame } = useFieldBinding(form, name, !!shownHint, onChange);
  return (
    <FieldFrame label={label} hint={shownHint} required={required} className={className} {...frame}>
      <textarea
        rows={rows}
        aria-required={required || undefined}
        maxLength={maxLength}
        {...textAreaProps}
        {...controlProps}
        className={cn(controlClasses, 'resize-y')}
      />
    </FieldFrame>
  );
}
