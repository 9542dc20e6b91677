import {
  fullName,
  userPasswordForm,
  userFormMessages,
  type User,
  type UserPasswordForm,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { SidePanel } from '@/components/side-panel';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/http';
import { useSetUserPassword } from '../api/set-user-password';

interface SetPasswordPanelProps {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Staff sign in with email and password; an administrator sets that password here. */
export function SetPasswordPanel({ user, open, onOpenChange }: SetPasswordPanelProps) {
  const formId = useId();
  const setPassword = useSetUserPassword();
  const form = useForm<UserPasswordForm>({
    resolver: zodResolver(userPasswordForm),
    defaultValues: { password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  function close() {
    form.reset();
    onOpenChange(false);
  }

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await setPassword.mutateAsync({ id: user.id, body: values });
        toast.success('Password updated successfully');
        close();
      } catch (error) {
        toast.error(errorMessage(error, 'Failed to update password'));
      }
    },
    () => toast.error(userFormMessages.fixErrors),
  );

  return (
    <SidePanel
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Set Password"
      description={`${fullName(user.details)} signs in with ${user.details.email} and this password. Their other sessions are signed out.`}
      preventClose={setPassword.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={setPassword.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={setPassword.isPending} busyText="Saving...">
            Set Password
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          form={form}
          name="password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          required
        />
      </form>
    </SidePanel>
  );
}
