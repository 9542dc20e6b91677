import { FilterSelect, FilterText } from '@/components/filter-controls';
import {
  PERMISSIONS_PAGE_SIZE,
  PERMISSIONS_RESET_PAGE_SIZE,
  PROTECTED_ROLE_ID,
  type RoleListItem,
} from '@cricket/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, RowAction, RowActions, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { PaginationBar } from '@/components/pagination-bar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useListState } from '@/components/use-list-state';
import { errorMessage } from '@/lib/http';
import { useErrorToast } from '@/lib/use-error-toast';
import { useCan } from '@/lib/session';
import { useDeleteRole } from '../api/delete-role';
import { permissionsGroupedKey } from '../api/get-permissions-grouped';
import { useRoles } from '../api/get-roles';
import { capitalize } from '../lib/modules';
import { RoleDetailsPanel } from './role-details-panel';
import { RoleFormPanel } from './role-form-panel';

const HAS_USERS_MESSAGE = 'Cannot delete role with assigned users';

type FormState = { roleId: number | null } | null;

/** Spec §2 "Roles & Permissions list" (/roles). */
export function RolesPage() {
  const queryClient = useQueryClient();
  const list = useListState({
    filters: ['name', 'status'] as const,
    textFilters: ['name'] as const,
  });
  const roles = useRoles({ page: list.page, limit: list.limit, ...list.filters });
  const canCreate = useCan('roles.create');
  const canUpdate = useCan('roles.update');
  const canDelete = useCan('roles.delete');

  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<FormState>(null);
  const [deleting, setDeleting] = useState<RoleListItem | null>(null);
  const [pickerPageSize, setPickerPageSize] = useState(PERMISSIONS_PAGE_SIZE);
  const deleteRole = useDeleteRole();

  useErrorToast(roles.error, 'Failed to fetch roles');

  function closeForm() {
    setEditing(null);
    // Spec §2/§9: the permission list resets when the panel closes, then loads 10 at a time.
    queryClient.removeQueries({ queryKey: permissionsGroupedKey });
    setPickerPageSize(PERMISSIONS_RESET_PAGE_SIZE);
  }

  function confirmDelete() {
    if (!deleting) return;
    if (deleting.user_count > 0) {
      toast.error(HAS_USERS_MESSAGE);
      setDeleting(null);
      return;
    }
    deleteRole.mutate(deleting.id, {
      onSuccess: () => toast.success('Role deleted successfully!'),
      onError: (error) => toast.error(errorMessage(error, 'Failed to delete role')),
      onSettled: () => setDeleting(null),
    });
  }

  const columns: Column<RoleListItem>[] = [
    {
      id: 'name',
      header: 'Role Name',
      cell: (role) => <span className="font-medium text-slate-900">{capitalize(role.name)}</span>,
      filter: (
        <FilterText
          label="Search role name"
          placeholder="Search role name..."
          value={list.inputs.name}
          onChange={(value) => list.setFilter('name', value)}
        />
      ),
    },
    {
      id: 'description',
      header: 'Description',
      cell: (role) => (
        <span className="line-clamp-2 max-w-xs text-slate-600">{role.description || '—'}</span>
      ),
    },
    { id: 'users', header: 'Users Assigned', cell: (role) => role.user_count },
    {
      id: 'status',
      header: 'Status',
      cell: (role) => (
        <Badge tone={role.is_active ? 'green' : 'red'}>
          {role.is_active ? 'Active' : 'Inactive'}
        </Badge>
      ),
      filter: (
        <FilterSelect
          label="Filter by status"
          value={list.inputs.status}
          onChange={(value) => list.setFilter('status', value)}
        >
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </FilterSelect>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (role) => (
        <RowActions>
          <RowAction icon={Eye} label={`View ${role.name}`} onClick={() => setViewing(role.id)} />
          {canUpdate && (
            <RowAction
              icon={Pencil}
              label={`Edit ${role.name}`}
              onClick={() => setEditing({ roleId: role.id })}
            />
          )}
          {canDelete && role.id !== PROTECTED_ROLE_ID && (
            <RowAction
              icon={Trash2}
              tone="danger"
              label={`Delete ${role.name}`}
              onClick={() => setDeleting(role)}
            />
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Roles & Permissions"
        description="Build roles from the permission catalogue and decide what their users may do."
        actions={
          canCreate && (
            <Button onClick={() => setEditing({ roleId: null })}>
              <Plus className="size-4" aria-hidden="true" />
              Add Role
            </Button>
          )
        }
      />
      <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <DataTable
          label="Roles"
          columns={columns}
          rows={roles.data?.data ?? []}
          rowKey={(role) => role.id}
          loading={roles.isPending}
          emptyText="No roles found"
          onRowClick={(role) => setViewing(role.id)}
          rowLabel={(role) => `Open ${role.name}`}
        />
        {roles.data && (
          <PaginationBar
            pagination={roles.data.pagination}
            onPageChange={list.setPage}
            onPageSizeChange={list.setLimit}
          />
        )}
      </div>

      {viewing !== null && <RoleDetailsPanel roleId={viewing} onClose={() => setViewing(null)} />}
      {editing && (
        <RoleFormPanel
          roleId={editing.roleId}
          pickerPageSize={pickerPageSize}
          onClose={closeForm}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Role"
        busy={deleteRole.isPending}
        onConfirm={confirmDelete}
        description={
          deleting && (
            <>
              Are you sure you want to delete the &quot;{deleting.name}&quot; role? This action
              cannot be undone.
              {deleting.user_count > 0 && (
                <span className="mt-2 block font-medium text-amber-700">
                  {deleting.user_count === 1
                    ? '1 user is assigned to this role. Move them to another role first.'
                    : `${deleting.user_count} users are assigned to this role. Move them to another role first.`}
                </span>
              )}
            </>
          )
        }
      />
    </>
  );
}
