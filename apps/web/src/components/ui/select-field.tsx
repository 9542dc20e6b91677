import { useController, type FieldValues } from 'react-hook-form';
import { FieldFrame, useFieldIds, type FieldProps } from './field';
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
  const { field, fieldState } = useController({ control: form.control, name });
  const { ref, value, onChange, onBlur } = field;
  const error = fieldState.error?.message;
  const { describedBy, ...ids } = useFieldIds(hint !== undefined, error);
  return (
    <FieldFrame
      label={label}
      hint={hint}
      required={required}
      className={className}
      error={error}
      {...ids}
    >
      <Select
        id={ids.id}
        ref={ref}
        name={name}
        value={value === null || value === undefined ? '' : String(value)}
        onChange={(next) => {
          form.clearErrors(name);
          onChange(next);
        }}
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
