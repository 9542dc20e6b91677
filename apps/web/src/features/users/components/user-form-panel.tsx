import {
  GENDERS,
  ROLE_MESSAGES,
  TIME_ZONE_TEXTS,
  todayIsoDate,
  type User,
  USER_ERRORS,
  USER_NAME_MAX,
  USER_STATUSES,
  USER_SUCCESS,
  userForm,
  type UserFormInput,
  userFormMessages,
  type UserFormValues,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FormDrawer, KEEP_OPEN, useFormLifecycle } from '@/components/form-drawer';
import { TimeZoneField } from '@/components/time-zone-field';
import { SelectField } from '@/components/ui/select-field';
import { DateField } from '@/components/ui/date-field';
import { TextField } from '@/components/ui/text-field';
import { capitalize, statusLabel } from '@/lib/format';
import { useErrorToast } from '@/lib/use-error-toast';
import { useCreateUser } from '../api/create-user';
import { useActiveRoles } from '../api/get-active-roles';
import { getUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { keepPhoneDigits } from '@/lib/phone-input';
import {
  ProfilePictureField,
  UPLOAD_STOPPED,
  usePendingPicture,
} from '@/components/profile-picture-field';

type Mode = 'create' | 'edit';

const TEXT = {
  create: {
    title: 'Create New User',
    submit: 'Create User',
    busy: 'Creating...',
    done: USER_SUCCESS.created,
    failed: USER_ERRORS.createFailed,
  },
  edit: {
    title: 'Edit User',
    submit: 'Update User',
    busy: 'Updating...',
    done: USER_SUCCESS.updated,
    failed: USER_ERRORS.updateFailed,
  },
} as const;

const isEditableStatus = (status: string): status is (typeof USER_STATUSES)[number] =>
  (USER_STATUSES as readonly string[]).includes(status);

/** What the form shows: the user's values, or an empty create form (status pending, spec §4). */
/** The fields someone else's save is shown by (decision 059), in the form's words. */
const FIELD_LABELS = {
  first_name: 'First Name',
  last_name: 'Last Name',
  email: 'Email',
  phone_number: 'Phone Number',
  date_of_birth: 'Date of Birth',
  gender: 'Gender',
  role_id: 'Role',
  status: 'Status',
  address: 'Address',
  city: 'City',
  state: 'State',
  country: 'Country',
  pincode: 'Pincode',
  profile_picture: 'Profile Picture',
  time_zone: 'Time Zone',
};

function formValues(user?: User): UserFormInput {
  const d = user?.details;
  return {
    first_name: d?.first_name ?? '',
    last_name: d?.last_name ?? '',
    email: d?.email ?? '',
    phone_number: user?.phone_number ?? '',
    date_of_birth: d?.date_of_birth ?? '',
    gender: (d?.gender ?? '') as UserFormInput['gender'],
    address: d?.address ?? '',
    city: d?.city ?? '',
    state: d?.state ?? '',
    country: d?.country ?? '',
    pincode: d?.pincode ?? '',
    role_id: user ? String(user.role_id) : '',
    // A legacy status (initiated) cannot be saved again: the admin picks a current one.
    status: (user
      ? isEditableStatus(user.status)
        ? user.status
        : ''
      : 'pending') as UserFormInput['status'],
    profile_picture: d?.profile_picture ?? null,
    time_zone: user?.time_zone ?? '',
  };
}

function keepPincodeDigits(event: ChangeEvent<HTMLInputElement>) {
  event.target.value = event.target.value.replace(/\D/g, '').slice(0, 6);
}

interface UserFormPanelProps {
  mode: Mode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user being edited (edit mode). */
  user?: User;
}

/**
 * The right-hand 'Create New User' / 'Edit User' panel (spec §2). Cancel restores what the
 * panel opened with: an empty form on create, the saved user on edit.
 */
export function UserFormPanel({ mode, open, onOpenChange, user }: UserFormPanelProps) {
  const text = TEXT[mode];
  const roles = useActiveRoles();
  useErrorToast(roles.error, ROLE_MESSAGES.fetchFailed);
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();

  const form = useForm<UserFormInput, unknown, UserFormValues>({
    resolver: zodResolver(userForm),
    defaultValues: formValues(user),
    // Errors appear on submit and clear as the field is edited (spec §5).
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  const currentPicture = useWatch({ control: form.control, name: 'profile_picture' }) ?? null;
  const picture = usePendingPicture(() =>
    form.setValue('profile_picture', null, { shouldDirty: true }),
  );

  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange: (next) => {
      if (!next) picture.reset();
      onOpenChange(next);
    },
    // Cancel restores what the panel opened with: an empty form, or the saved user.
    values: () => formValues(mode === 'edit' ? user : undefined),
    changed: picture.field.pendingUrl !== null,
    version:
      mode === 'edit' && user
        ? {
            updatedAt: user.updated_at,
            reload: async () => {
              const theirs = await getUser(user.id);
              return { values: formValues(theirs), updatedAt: theirs.updated_at };
            },
            labels: FIELD_LABELS,
          }
        : undefined,
    successText: text.done,
    failureText: text.failed,
    invalidText: userFormMessages.fixErrors,
    submit: async (values, ifMatch) => {
      if (picture.error) toast.error(userFormMessages.fixErrors);
      const profilePicture = await picture.resolve(values.profile_picture);
      if (profilePicture === UPLOAD_STOPPED) return KEEP_OPEN;
      form.setValue('profile_picture', profilePicture);
      const body = { ...values, profile_picture: profilePicture };
      if (mode === 'edit' && user) await updateUser.mutateAsync({ id: user.id, body, ifMatch });
      else await createUser.mutateAsync(body);
    },
  });
  const saving = lifecycle.saving;

  const roleOptions = (roles.data ?? []).map((role) => ({
    value: String(role.id),
    label: capitalize(role.name),
  }));
  // An edited user keeps showing a role that has since been deactivated.
  if (user && !roleOptions.some((option) => option.value === String(user.role_id))) {
    roleOptions.push({ value: String(user.role_id), label: capitalize(user.role) });
  }

  return (
    <FormDrawer
      lifecycle={lifecycle}
      open={open}
      title={text.title}
      submitLabel={text.submit}
      busyLabel={text.busy}
    >
      <ProfilePictureField currentUrl={currentPicture} disabled={saving} {...picture.field} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          form={form}
          name="first_name"
          label={FIELD_LABELS.first_name}
          autoComplete="given-name"
          maxLength={USER_NAME_MAX}
          required
        />
        <TextField
          form={form}
          name="last_name"
          label={FIELD_LABELS.last_name}
          autoComplete="family-name"
          maxLength={USER_NAME_MAX}
          required
        />
        <TextField
          form={form}
          name="email"
          label={FIELD_LABELS.email}
          type="email"
          autoComplete="email"
          required
          className="sm:col-span-2"
        />
        <TextField
          form={form}
          name="phone_number"
          label={FIELD_LABELS.phone_number}
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="10-digit mobile number"
          onChange={keepPhoneDigits}
          required
        />
        <DateField
          form={form}
          name="date_of_birth"
          label={FIELD_LABELS.date_of_birth}
          max={todayIsoDate()}
        />
        <SelectField
          form={form}
          name="gender"
          label={FIELD_LABELS.gender}
          placeholder="Select gender"
          options={GENDERS.map((g) => ({ value: g, label: g }))}
        />
        <SelectField
          form={form}
          name="role_id"
          label={FIELD_LABELS.role_id}
          placeholder="Select a role"
          options={roleOptions}
          required
        />
        <SelectField
          form={form}
          name="status"
          label={FIELD_LABELS.status}
          placeholder="Select status"
          options={USER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
          required
        />
        <TextField
          form={form}
          name="address"
          label={FIELD_LABELS.address}
          autoComplete="street-address"
          className="sm:col-span-2"
        />
        <TextField
          form={form}
          name="city"
          label={FIELD_LABELS.city}
          autoComplete="address-level2"
        />
        <TextField
          form={form}
          name="state"
          label={FIELD_LABELS.state}
          autoComplete="address-level1"
        />
        <TextField
          form={form}
          name="country"
          label={FIELD_LABELS.country}
          autoComplete="country-name"
        />
        <TextField
          form={form}
          name="pincode"
          label={FIELD_LABELS.pincode}
          inputMode="numeric"
          autoComplete="postal-code"
          onChange={keepPincodeDigits}
        />
        <TimeZoneField
          form={form}
          name="time_zone"
          hint={TIME_ZONE_TEXTS.hint}
          current={mode === 'edit' ? user?.time_zone : null}
          withDefault
        />
      </div>
    </FormDrawer>
  );
}
