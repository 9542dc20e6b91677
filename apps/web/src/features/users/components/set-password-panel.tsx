import {
  fullName,
  type User,
  USER_ERRORS,
  USER_SUCCESS,
  userFormMessages,
  type UserPasswordForm,
  userPasswordForm,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDrawer, useFormLifecycle } from '@/components/form-drawer';
import { NewPasswordFields } from '@/components/new-password-fields';
import { useSetUserPassword } from '../api/set-user-password';

const emptyPasswords: UserPasswordForm = { password: '', confirm_password: '' };

interface SetPasswordPanelProps {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Staff sign in with email and password; an administrator sets that password here. */
export function SetPasswordPanel({ user, open, onOpenChange }: SetPasswordPanelProps) {
  const setPassword = useSetUserPassword();
  const form = useForm<UserPasswordForm>({
    resolver: zodResolver(userPasswordForm),
    defaultValues: emptyPasswords,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange,
    values: () => emptyPasswords,
    submit: (values) => setPassword.mutateAsync({ id: user.id, body: values }),
    successText: USER_SUCCESS.passwordUpdated,
    failureText: USER_ERRORS.passwordFailed,
    invalidText: userFormMessages.fixErrors,
  });

  return (
    <FormDrawer
      lifecycle={lifecycle}
      open={open}
      title="Set Password"
      description={`${fullName(user.details)} signs in with ${user.details.email} and this password. Their other sessions are signed out.`}
      submitLabel="Set Password"
      busyLabel="Saving..."
    >
      <NewPasswordFields form={form} name="password" />
    </FormDrawer>
  );
}
