import { FilterSelect, FilterText } from '@/components/filter-controls';
import {
  fullName,
  ROLE_MESSAGES,
  type User,
  USER_ERRORS,
  USER_FILTER_STATUSES,
  USER_SUCCESS,
  type UserStatus,
} from '@cricket/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { TruncatedText, actionsColumn, type Column } from '@/components/data-table';
import { ListTable, useListPage } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { lazyPanel } from '@/components/lazy-panel';
import { Card } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { capitalize } from '@/lib/format';
import { useCan } from '@/lib/session';
import { useErrorToast } from '@/lib/use-error-toast';
import { useDeleteUser } from '../api/delete-user';
import { useActiveRoles } from '../api/get-active-roles';
import { usersQuery } from '../api/get-users';
import { UserStatusBadge, statusLabel } from './user-status-badge';

const UserFormPanel = lazyPanel(
  () => import('./user-form-panel').then((m) => m.UserFormPanel),
  (p) => p.open,
);

const FILTERS = ['name', 'phone_number', 'role_id', 'status'] as const;

const isFilterStatus = (value: string): value is UserStatus =>
  (USER_FILTER_STATUSES as readonly string[]).includes(value);

/** Spec §2 "Users list": filters, pagination, view and delete, and the create panel. */
export function UsersPage() {
  const navigate = useNavigate();
  const canCreate = useCan('users.create');
  const canDelete = useCan('users.delete');
  const list = useListPage({
    filters: FILTERS,
    textFilters: ['name', 'phone_number'],
    query: ({ page, limit, filters }) =>
      usersQuery({
        page,
        limit,
        name: filters.name,
        phone_number: filters.phone_number,
        role_id: filters.role_id,
        status: isFilterStatus(filters.status) ? filters.status : '',
      }),
    errorText: USER_ERRORS.fetchFailed,
  });
  const roles = useActiveRoles();
  useErrorToast(roles.error, ROLE_MESSAGES.fetchFailed);

  const [creating, setCreating] = useState(false);
  const deleteUser = useDeleteUser();
  const remove = useConfirmDelete<User>({
    run: (user) => deleteUser.mutateAsync(user.id),
    title: 'Delete User',
    description: () => 'Are you sure you want to delete this user? This action cannot be undone.',
    successText: USER_SUCCESS.deleted,
    failureText: USER_ERRORS.deleteFailed,
  });

  const open = (user: User) => navigate(`/users/view?id=${user.id}`);

  const columns: Column<User>[] = [
    {
      id: 'name',
      header: 'Full Name',
      width: 'w-[28%]',
      cell: (user) => (
        <TruncatedText text={fullName(user.details)} className="font-medium text-neutral-900" />
      ),
      filter: (
        <FilterText
          label="Search by name"
          placeholder="Search name"
          value={list.inputs.name}
          onChange={(value) => list.setFilter('name', value)}
        />
      ),
    },
    {
      id: 'phone',
      header: 'Phone Number',
      width: 'w-[20%]',
      cell: (user) => <TruncatedText text={user.phone_number} />,
      filter: (
        <FilterText
          label="Search by phone number"
          inputMode="numeric"
          placeholder="Search phone"
          value={list.inputs.phone_number}
          onChange={(value) => list.setFilter('phone_number', value)}
        />
      ),
    },
    {
      id: 'role',
      header: 'Role',
      width: 'w-[20%]',
      cell: (user) => <TruncatedText text={capitalize(user.role)} />,
      filter: (
        <FilterSelect
          label="Filter by role"
          value={list.inputs.role_id}
          onChange={(value) => list.setFilter('role_id', value)}
          options={(roles.data ?? []).map((role) => ({
            value: String(role.id),
            label: capitalize(role.name),
          }))}
        />
      ),
    },
    {
      id: 'status',
      header: 'Status',
      width: 'w-[18%]',
      cell: (user) => <UserStatusBadge status={user.status} />,
      filter: (
        <FilterSelect
          label="Filter by status"
          value={list.inputs.status}
          onChange={(value) => list.setFilter('status', value)}
          options={USER_FILTER_STATUSES.map((status) => ({
            value: status,
            label: statusLabel(status),
          }))}
        />
      ),
    },
    actionsColumn<User>({
      name: (user) => fullName(user.details),
      view: open,
      remove: canDelete && remove.ask,
    }),
  ];

  return (
    <>
      <PageHeader
        title="Users"
        actions={
          canCreate && (
            <Button onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden="true" />
              Add User
            </Button>
          )
        }
      />
      <Card flush>
        <ListTable
          list={list}
          label="Users"
          columns={columns}
          rowKey={(user) => user.id}
          emptyText={USER_ERRORS.empty}
          onRowClick={open}
          rowLabel={(user) => `Open ${fullName(user.details)}`}
        />
      </Card>

      {canCreate && <UserFormPanel mode="create" open={creating} onOpenChange={setCreating} />}
      {remove.dialog}
    </>
  );
}
