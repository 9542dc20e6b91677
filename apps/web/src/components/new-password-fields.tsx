import { NEW_PASSWORD_MIN } from '@cricket/contracts';
import type { FieldValues, Path } from 'react-hook-form';
import type { AnyForm } from './ui/field';
import { TextField } from './ui/text-field';

interface NewPasswordFieldsProps<T extends FieldValues> {
  form: AnyForm<T>;
  /** The new password's field; its confirmation is `confirm_password` (contracts' rule). */
  name: Path<T>;
  /** Said after the length rule, e.g. what the change does to other sessions. */
  note?: string;
}

/** A new password typed twice: Set Password (a user's) and Change Password (one's own). */
export function NewPasswordFields<T extends FieldValues>({
  form,
  name,
  note,
}: NewPasswordFieldsProps<T>) {
  return (
    <>
      <TextField
        form={form}
        name={name}
        label="New Password"
        type="password"
        autoComplete="new-password"
        hint={[`At least ${NEW_PASSWORD_MIN} characters.`, note].filter(Boolean).join(' ')}
        required
      />
      <TextField
        form={form}
        name={'confirm_password' as Path<T>}
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
