import {
  PROTECTED_ROLE_ID,
  ROLE_DESCRIPTION_MAX,
  ROLE_MESSAGES,
  ROLE_NAME_MAX,
  ROLE_SUCCESS,
  type RoleDetail,
  type RoleForm,
  roleForm,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useEffectEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDrawer, useFormLifecycle } from '@/components/form-drawer';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Spinner } from '@/components/ui/spinner';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { capitalize } from '@/lib/format';
import { useErrorToast } from '@/lib/use-error-toast';
import { useCreateRole } from '../api/create-role';
import { useRole } from '../api/get-role';
import { useUpdateRole } from '../api/update-role';
import { PermissionPicker } from './permission-picker';

/** The form's labels, also naming the fields someone else changed (decision 059). */
const FIELD_LABELS = { name: 'Role Name', description: 'Description', is_active: 'Active Role' };

function formValues(role: RoleDetail | undefined): RoleForm {
  return role
    ? {
        name: capitalize(role.name),
        description: role.description ?? '',
        is_active: role.is_active,
      }
    : { name: '', description: '', is_active: true };
}

/**
 * The name is shown capitalised (spec) but saved as the user left it: untouched, the stored
 * name goes back unchanged ('scorer' stays 'scorer'); edited, exactly what they typed.
 */
export function nameToSave(typed: string, role: RoleDetail | undefined): string {
  return role && typed === capitalize(role.name) ? role.name : typed;
}

interface RoleFormPanelProps {
  /** null creates a new role. */
  roleId: number | null;
  pickerPageSize: number;
  onClose: () => void;
}

/** Spec §2 "Role create/edit panels". */
export function RoleFormPanel({ roleId, pickerPageSize, onClose }: RoleFormPanelProps) {
  const editing = roleId !== null;
  const role = useRole(roleId);
  const createRole = useCreateRole();
  const updateRole = useUpdateRole();
  useErrorToast(role.error, ROLE_MESSAGES.detailsFailed);

  // Edit from the server's current state, not from a cached copy that may be stale.
  const ready = !editing || (role.data !== undefined && role.isFetchedAfterMount);
  const saved = ready ? role.data : undefined;
  const isProtected = saved?.id === PROTECTED_ROLE_ID;

  const form = useForm({ resolver: zodResolver(roleForm), defaultValues: formValues(undefined) });
  // Until the user changes the permissions, the selection is the saved role's.
  const [changed, setSelected] = useState<Set<number> | null>(null);
  const selected = changed ?? new Set(saved?.permissions.map((p) => p.id));
  const loadSaved = useEffectEvent(() => form.reset(formValues(saved)));
  useEffect(() => {
    if (ready) loadSaved();
  }, [ready]);

  const lifecycle = useFormLifecycle({
    form,
    open: true,
    onOpenChange: (open) => !open && onClose(),
    values: () => formValues(saved),
    changed: changed !== null,
    version: saved
      ? {
          updatedAt: saved.updated_at,
          reload: async () => {
            const { data: theirs } = await role.refetch({ throwOnError: true });
            return {
              values: formValues(theirs),
              updatedAt: theirs!.updated_at,
              // The permissions follow the role's again: theirs.
              apply: () => setSelected(null),
            };
          },
          labels: FIELD_LABELS,
        }
      : undefined,
    successText: editing ? ROLE_SUCCESS.updated : ROLE_SUCCESS.createdToast,
    failureText: editing ? ROLE_MESSAGES.updateFailed : ROLE_MESSAGES.createFailed,
    invalidText: ROLE_MESSAGES.invalidForm,
    submit: async (values, ifMatch) => {
      const body = {
        ...values,
        name: nameToSave(values.name, saved),
        permission_ids: [...selected],
      };
      if (roleId === null) await createRole.mutateAsync(body);
      else await updateRole.mutateAsync({ id: roleId, body, ifMatch });
    },
  });

  return (
    <FormDrawer
      lifecycle={lifecycle}
      open
      title={editing ? 'Edit Role' : 'Create New Role'}
      submitLabel={editing ? 'Update Role' : 'Create Role'}
      busyLabel={editing ? 'Updating...' : 'Creating...'}
      ready={ready}
    >
      {ready ? (
        <>
          <section aria-label="Basic Information" className="space-y-4">
            <h3 className="text-sm font-semibold text-neutral-900">Basic Information</h3>
            <TextField
              form={form}
              name="name"
              label={FIELD_LABELS.name}
              placeholder="e.g. Scorer"
              maxLength={ROLE_NAME_MAX}
              readOnly={isProtected}
              hint={isProtected ? ROLE_MESSAGES.protectedRename : undefined}
              required
            />
            <TextAreaField
              form={form}
              name="description"
              label={FIELD_LABELS.description}
              placeholder="What may users of this role do?"
              maxLength={ROLE_DESCRIPTION_MAX}
              rows={3}
            />
            {isProtected ? (
              <p className="text-sm text-neutral-600">The admin role is always active.</p>
            ) : (
              <CheckboxField
                form={form}
                name="is_active"
                label={FIELD_LABELS.is_active}
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
        </>
      ) : role.isError ? (
        <p className="py-6 text-sm text-neutral-500">No role data available</p>
      ) : (
        <p role="status" className="flex items-center gap-2 py-6 text-sm text-neutral-500">
          <Spinner /> Loading...
        </p>
      )}
    </FormDrawer>
  );
}
