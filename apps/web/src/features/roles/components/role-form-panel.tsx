import {
  PROTECTED_ROLE_ID,
  ROLE_DESCRIPTION_MAX,
  ROLE_NAME_MAX,
  roleForm,
  type RoleBody,
  type RoleDetail,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { SidePanel } from '@/components/side-panel';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Spinner } from '@/components/ui/spinner';
import { useErrorToast } from '@/lib/use-error-toast';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError, errorMessage } from '@/lib/http';
import { useCreateRole } from '../api/create-role';
import { useRole } from '../api/get-role';
import { useUpdateRole } from '../api/update-role';
import { capitalize } from '../lib/modules';
import { PermissionPicker } from './permission-picker';

interface RoleFormPanelProps {
  /** null creates a new role. */
  roleId: number | null;
  pickerPageSize: number;
  onClose: () => void;
}

/** Spec §2 "Role create/edit panels". */
export function RoleFormPanel({ roleId, pickerPageSize, onClose }: RoleFormPanelProps) {
  const formId = useId();
  const editing = roleId !== null;
  const role = useRole(roleId);
  const createRole = useCreateRole();
  const updateRole = useUpdateRole();
  const saving = createRole.isPending || updateRole.isPending;

  useErrorToast(role.error, 'Failed to fetch role data');

  async function save(body: RoleBody) {
    if (roleId === null) {
      await createRole.mutateAsync(body);
      toast.success('Role created successfully!');
    } else {
      await updateRole.mutateAsync({ id: roleId, body });
      toast.success('Role updated successfully');
    }
    onClose();
  }

  // Edit from the server's current state, not from a cached copy that may be stale.
  const ready = !editing || (role.data !== undefined && role.isFetchedAfterMount);
  let body;
  if (ready) {
    body = (
      <RoleForm
        formId={formId}
        role={role.data}
        pickerPageSize={pickerPageSize}
        failureText={editing ? 'Failed to update role' : 'Failed to create role'}
        onSave={save}
      />
    );
  } else if (!role.isError) {
    body = (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-500">
        <Spinner /> Loading...
      </p>
    );
  } else {
    body = <p className="py-6 text-sm text-slate-500">No role data available</p>;
  }

  return (
    <SidePanel
      open
      onOpenChange={(open) => !open && onClose()}
      title={editing ? 'Edit Role' : 'Create New Role'}
      preventClose={saving}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          {ready && (
            <Button
              type="submit"
              form={formId}
              busy={saving}
              busyText={editing ? 'Updating...' : 'Creating...'}
            >
              {editing ? 'Update Role' : 'Create Role'}
            </Button>
          )}
        </>
      }
    >
      {body}
    </SidePanel>
  );
}

interface RoleFormProps {
  formId: string;
  role: RoleDetail | undefined;
  pickerPageSize: number;
  failureText: string;
  onSave: (body: RoleBody) => Promise<void>;
}

function RoleForm({ formId, role, pickerPageSize, failureText, onSave }: RoleFormProps) {
  const isProtected = role?.id === PROTECTED_ROLE_ID;
  const form = useForm({
    resolver: zodResolver(roleForm),
    defaultValues: role
      ? {
          name: capitalize(role.name),
          description: role.description ?? '',
          is_active: role.is_active,
        }
      : { name: '', description: '', is_active: true },
  });
  const [selected, setSelected] = useState<Set<number>>(
    () => new Set(role?.permissions.map((p) => p.id)),
  );

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await onSave({ ...values, permission_ids: [...selected] });
      } catch (error) {
        // Spec §8: the first server error for the name, else the server's message.
        const nameError = error instanceof ApiError ? error.errors.name?.[0] : undefined;
        if (nameError) form.setError('name', { message: nameError });
        toast.error(nameError ?? errorMessage(error, failureText));
      }
    },
    () => toast.error('Please fix the validation errors before submitting'),
  );

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-6">
      <section aria-labelledby={`${formId}-basic`} className="space-y-4">
        <h3 id={`${formId}-basic`} className="text-sm font-semibold text-slate-900">
          Basic Information
        </h3>
        <TextField
          form={form}
          name="name"
          label="Role Name"
          placeholder="e.g. Scorer"
          maxLength={ROLE_NAME_MAX}
          readOnly={isProtected}
          hint={isProtected ? 'The admin role cannot be renamed.' : undefined}
          required
        />
        <TextAreaField
          form={form}
          name="description"
          label="Description"
          placeholder="What may users of this role do?"
          maxLength={ROLE_DESCRIPTION_MAX}
          rows={3}
        />
        {isProtected ? (
          <p className="text-sm text-slate-600">The admin role is always active.</p>
        ) : (
          <CheckboxField
            form={form}
            name="is_active"
            label="Active Role"
            hint="Users of an inactive role cannot sign in."
          />
        )}
      </section>
      <PermissionPicker
        selected={selected}
        onChange={setSelected}
        pageSize={pickerPageSize}
        lockedReason={isProtected ? 'The admin role always holds every permission.' : undefined}
      />
    </form>
  );
}
