import type { FieldValues } from 'react-hook-form';
import { useControlledField, type FieldProps } from './field';
import { FieldFrame } from './field-frame';
import { Select, type SelectOption } from './select';

export type { SelectOption };

type SelectFieldProps<T extends FieldValues> = FieldProps<T> & {
  options: readonly SelectOption[];
  /** Shown while nothing is chosen, such as 'Select a role'. */
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
};

/** A labelled Select bound to a react-hook-form field; values are the options' strings. */
export function SelectField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  options,
  placeholder,
  className,
  required,
  disabled,
}: SelectFieldProps<T>) {
  const { ref, value, onChange, onBlur, error, describedBy, frame } = useControlledField(
    form,
    name,
    hint !== undefined,
  );
  return (
    <FieldFrame label={label} hint={hint} required={required} className={className} {...frame}>
      <Select
        id={frame.id}
        ref={ref}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        options={options}
        placeholder={placeholder}
        required={required}
        disabled={disabled}
        invalid={error !== undefined}
        aria-describedby={describedBy}
      />
    </FieldFrame>
  );
}
