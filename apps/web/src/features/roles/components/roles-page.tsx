import { FilterSelectFor, FilterTextFor } from '@/components/filter-controls';
import {
  PERMISSIONS_PAGE_SIZE,
  PERMISSIONS_RESET_PAGE_SIZE,
  PROTECTED_ROLE_ID,
  ROLE_MESSAGES,
  ROLE_SORT_KEYS,
  ROLE_SUCCESS,
  type RoleListItem,
  ROLE_STATUSES,
} from '@cricket/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { TruncatedText, actionsColumn, type Column } from '@/components/data-table';
import { ListExportButton } from '@/components/list-export-button';
import { ListTable, sortParams, useListPage } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { usePanelState } from '@/components/use-panel-state';
import { lazyPanel } from '@/components/lazy-panel';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { capitalize } from '@/lib/format';
import { useCan } from '@/lib/session';
import { useDeleteRole } from '../api/delete-role';
import { roleKeys } from '../api/keys';
import { rolesQuery } from '../api/get-roles';
import { RoleDetailsPanel } from './role-details-panel';

const RoleFormPanel = lazyPanel(
  () => import('./role-form-panel').then((m) => m.RoleFormPanel),
  () => true,
);

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

function usersAssigned(count: number): string {
  return count === 1
    ? '1 user is assigned to this role. Move them to another role first.'
    : `${count} users are assigned to this role. Move them to another role first.`;
}

/** With the list, the active roles the users' role filter offers. */
const BULK_REFRESH = [roleKeys.all];

/** Spec §2 "Roles & Permissions list" (/roles). */
export function RolesPage() {
  const queryClient = useQueryClient();
  const list = useListPage({
    filters: ['name', 'status'] as const,
    textFilters: ['name'] as const,
    sorts: ROLE_SORT_KEYS,
    query: ({ page, limit, filters, sort }) =>
      rolesQuery({ page, limit, ...filters, ...sortParams(sort) }),
    errorText: ROLE_MESSAGES.fetchFailed,
  });
  const canCreate = useCan('roles.create');
  const canUpdate = useCan('roles.update');
  const canDelete = useCan('roles.delete');

  // The record is the role's id: each panel loads the role itself.
  const panel = usePanelState<'view' | 'create' | 'edit', number>();
  const view = (role: RoleListItem) => panel.open('view', role.id);
  const [pickerPageSize, setPickerPageSize] = useState(PERMISSIONS_PAGE_SIZE);
  const deleteRole = useDeleteRole();
  const remove = useConfirmDelete<RoleListItem>({
    run: (role, ifMatch) => deleteRole.mutateAsync({ id: role.id, ifMatch }),
    version: (role) => role.updated_at,
    title: 'Delete Role',
    successText: ROLE_SUCCESS.deletedToast,
    failureText: ROLE_MESSAGES.deleteFailed,
    allowed: (role) => role.user_count === 0,
    description: (role) => (
      <>
        Are you sure you want to delete the &quot;{capitalize(role.name)}&quot; role? This action
        cannot be undone.
        {role.user_count > 0 && (
          <span className="mt-2 block font-medium text-warning-700">
            {usersAssigned(role.user_count)}
          </span>
        )}
      </>
    ),
  });

  function closeForm() {
    panel.close();
    // Spec §2/§9: the permission list resets when the panel closes, then loads 10 at a time.
    queryClient.removeQueries({ queryKey: roleKeys.permissions });
    setPickerPageSize(PERMISSIONS_RESET_PAGE_SIZE);
  }

  const columns: Column<RoleListItem>[] = [
    {
      id: 'name',
      header: 'Role Name',
      sortKey: 'name',
      width: 'w-[26%]',
      cell: (role) => (
        <TruncatedText text={capitalize(role.name)} className="font-medium text-neutral-900" />
      ),
      filter: (
        <FilterTextFor
          list={list}
          name="name"
          label="Search role name"
          placeholder="Search role name..."
        />
      ),
    },
    {
      id: 'description',
      header: 'Description',
      width: 'w-[34%]',
      cell: (role) => (
        <span
          title={role.description ?? undefined}
          className="line-clamp-2 break-words text-neutral-600"
        >
          {role.description || '—'}
        </span>
      ),
    },
    {
      id: 'users',
      header: 'Users Assigned',
      sortKey: 'user_count',
      width: 'w-36',
      cell: (role) => role.user_count,
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      width: 'w-40',
      cell: (role) => (
        <Badge tone={role.is_active ? 'green' : 'red'}>
          {role.is_active ? 'Active' : 'Inactive'}
        </Badge>
      ),
      filter: (
        <FilterSelectFor
          list={list}
          name="status"
          label="Filter by status"
          options={STATUS_OPTIONS}
        />
      ),
    },
    actionsColumn<RoleListItem>({
      name: (role) => role.name,
      view,
      edit: canUpdate && ((role) => panel.open('edit', role.id)),
      remove: canDelete && remove.ask,
      canRemove: (role) => role.id !== PROTECTED_ROLE_ID,
    }),
  ];

  return (
    <>
      <PageHeader
        title="Roles & Permissions"
        description="Build roles from the permission catalogue and decide what their users may do."
        actions={
          <>
            <ListExportButton list="roles" query={{ ...list.filters, ...sortParams(list.sort) }} />
            {canCreate && (
              <Button onClick={() => panel.open('create')}>
                <Plus className="size-4" aria-hidden="true" />
                Add Role
              </Button>
            )}
          </>
        }
      />
      <Card flush>
        <ListTable
          list={list}
          label="Roles"
          columns={columns}
          rowKey={(role) => role.id}
          emptyText={ROLE_MESSAGES.empty}
          onRowClick={view}
          rowLabel={(role) => `Open ${role.name}`}
          bulk={{
            list: 'roles',
            actions: [canDelete && 'delete', canUpdate && 'set_status'],
            statuses: ROLE_STATUSES,
            query: list.filters,
            name: (role) => capitalize(role.name),
            refresh: BULK_REFRESH,
          }}
        />
      </Card>

      {/* Both mount on opening and unmount on closing: a role loads fresh each time, and the
          permission list starts over (spec). */}
      {panel.isOpen('view') && panel.record !== null && (
        <RoleDetailsPanel roleId={panel.record} onClose={panel.close} />
      )}
      {panel.isOpen('create', 'edit') && (
        <RoleFormPanel roleId={panel.record} pickerPageSize={pickerPageSize} onClose={closeForm} />
      )}
      {remove.dialog}
    </>
  );
}
