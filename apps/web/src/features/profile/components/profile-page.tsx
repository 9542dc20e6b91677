import {
  ACCOUNT_MESSAGES,
  ACCOUNT_SUCCESS,
  accountForm,
  fullName,
  passwordChangeForm,
  type AccountFormInput,
  type AccountFormValues,
  type PasswordChangeForm,
  type ProfileUser,
  USER_NAME_MAX,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, UserRound, X } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { DetailItem } from '@/components/detail-item';
import { KEEP_OPEN, useFormLifecycle } from '@/components/form-drawer';
import { NewPasswordFields } from '@/components/new-password-fields';
import { PageHeader } from '@/components/page-header';
import {
  ProfilePictureField,
  UPLOAD_STOPPED,
  usePendingPicture,
} from '@/components/profile-picture-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { formatDateTime } from '@/lib/format';
import { keepPhoneDigits } from '@/lib/phone-input';
import { useCan, useSession } from '@/lib/session';
import { useChangePassword, useUpdateAccount } from '../api/account';
import { MySessions } from './my-sessions';

/** Spec §2 Profile (Account Details), with the password and sessions of issue 13. */
export function ProfilePage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Account Details" />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <AccountDetails user={user} />
        <ChangePassword />
        <div className="xl:col-span-2">
          <MySessions />
        </div>
      </div>
    </>
  );
}

const accountValues = (user: ProfileUser): AccountFormInput => ({
  first_name: user.first_name ?? '',
  last_name: user.last_name ?? '',
  phone_number: user.phone_number,
  profile_picture: user.profile_picture,
});

function AccountDetails({ user }: { user: ProfileUser }) {
  const [editing, setEditing] = useState(false);
  const canUpload = useCan('media.upload');
  const save = useUpdateAccount();
  const form = useForm<AccountFormInput, unknown, AccountFormValues>({
    resolver: zodResolver(accountForm),
    defaultValues: accountValues(user),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const currentPicture = useWatch({ control: form.control, name: 'profile_picture' }) ?? null;
  const picture = usePendingPicture(() =>
    form.setValue('profile_picture', null, { shouldDirty: true }),
  );

  const lifecycle = useFormLifecycle({
    form,
    open: editing,
    onOpenChange: (next) => {
      if (!next) picture.reset();
      setEditing(next);
    },
    values: () => accountValues(user),
    changed: picture.field.pendingUrl !== null,
    successText: ACCOUNT_SUCCESS.saved,
    failureText: ACCOUNT_MESSAGES.saveFailed,
    invalidText: ACCOUNT_MESSAGES.invalid,
    submit: async (values) => {
      if (picture.error) toast.error(ACCOUNT_MESSAGES.invalid);
      const url = await picture.resolve(values.profile_picture);
      if (url === UPLOAD_STOPPED) return KEEP_OPEN;
      form.setValue('profile_picture', url);
      await save.mutateAsync({ ...values, profile_picture: url });
    },
  });
  const name = fullName(user);

  return (
    <Card
      title="Account Details"
      actions={
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={editing}
          disabled={lifecycle.saving}
          onClick={() => lifecycle.onOpenChange(!editing)}
        >
          {editing ? (
            <>
              <X className="size-4" aria-hidden="true" />
              Close
            </>
          ) : (
            <>
              <Pencil className="size-4" aria-hidden="true" />
              Edit account details
            </>
          )}
        </Button>
      }
    >
      <div className="flex flex-col gap-5 sm:flex-row">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full border border-neutral-200 bg-neutral-50">
          {user.profile_picture ? (
            <img src={user.profile_picture} alt={name} className="size-full object-cover" />
          ) : (
            <UserRound className="size-9 text-neutral-400" aria-hidden="true" />
          )}
        </div>
        <dl className="grid min-w-0 flex-1 gap-5 sm:grid-cols-2">
          <DetailItem fallback="Not provided" label="Name">
            {name}
          </DetailItem>
          <DetailItem fallback="Not provided" label="Email">
            {user.email}
          </DetailItem>
          <DetailItem fallback="Not provided" label="Phone Number">
            {user.phone_number}
          </DetailItem>
          <DetailItem fallback="Not provided" label="Role">
            {user.role.name}
          </DetailItem>
          <DetailItem fallback="Not provided" label="Account Created On">
            {formatDateTime(user.created_at)}
          </DetailItem>
        </dl>
      </div>

      {editing && (
        <form
          onSubmit={lifecycle.submit}
          noValidate
          aria-label="Edit account details"
          className="mt-6 space-y-5 border-t border-neutral-100 pt-5"
        >
          {canUpload && (
            <ProfilePictureField
              currentUrl={currentPicture}
              disabled={lifecycle.saving}
              {...picture.field}
            />
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              form={form}
              name="first_name"
              label="First Name"
              autoComplete="given-name"
              maxLength={USER_NAME_MAX}
              required
            />
            <TextField
              form={form}
              name="last_name"
              label="Last Name"
              autoComplete="family-name"
              maxLength={USER_NAME_MAX}
              required
            />
            <TextField
              form={form}
              name="phone_number"
              label="Phone Number"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="10-digit mobile number"
              onChange={keepPhoneDigits}
              required
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" busy={lifecycle.saving} busyText="Saving...">
              Save Changes
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

const emptyPasswords: PasswordChangeForm = {
  current_password: '',
  new_password: '',
  confirm_password: '',
};

function ChangePassword() {
  const change = useChangePassword();
  const form = useForm<PasswordChangeForm>({
    resolver: zodResolver(passwordChangeForm),
    defaultValues: emptyPasswords,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  // Always open: a save clears the fields and the card stays.
  const lifecycle = useFormLifecycle({
    form,
    open: true,
    onOpenChange: () => undefined,
    values: () => emptyPasswords,
    successText: ACCOUNT_SUCCESS.passwordChanged,
    failureText: ACCOUNT_MESSAGES.passwordFailed,
    invalidText: ACCOUNT_MESSAGES.invalid,
    submit: (values) => change.mutateAsync(values),
  });
  return (
    <Card title="Change Password">
      <form
        onSubmit={lifecycle.submit}
        noValidate
        aria-label="Change password"
        className="space-y-4"
      >
        <TextField
          form={form}
          name="current_password"
          label="Current Password"
          type="password"
          autoComplete="current-password"
          required
        />
        <NewPasswordFields
          form={form}
          name="new_password"
          note="Your other sessions will be signed out."
        />
        <div className="flex justify-end">
          <Button type="submit" busy={lifecycle.saving} busyText="Changing...">
            Change Password
          </Button>
        </div>
      </form>
    </Card>
  );
}
