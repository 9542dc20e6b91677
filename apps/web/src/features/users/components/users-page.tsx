import { FilterSelect, FilterText } from '@/components/filter-controls';
import {
  USER_FILTER_STATUSES,
  buildPagination,
  fullName,
  type User,
  type UserStatus,
} from '@cricket/contracts';
import { Eye, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, RowAction, RowActions, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { PaginationBar } from '@/components/pagination-bar';
import { Card } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { useListState } from '@/components/use-list-state';
import { errorMessage } from '@/lib/http';
import { useCan } from '@/lib/session';
import { useDeleteUser } from '../api/delete-user';
import { useActiveRoles } from '../api/get-active-roles';
import { useUsers } from '../api/get-users';
import { useErrorToast } from './use-error-toast';
import { UserFormPanel } from './user-form-panel';
import { UserStatusBadge, statusLabel } from './user-status-badge';

const FILTERS = ['name', 'phone_number', 'role_id', 'status'] as const;

const isFilterStatus = (value: string): value is UserStatus =>
  (USER_FILTER_STATUSES as readonly string[]).includes(value);

/** Spec §2 "Users list": filters, pagination, view and delete, and the create panel. */
export function UsersPage() {
  const navigate = useNavigate();
  const canCreate = useCan('users.create');
  const canDelete = useCan('users.delete');
  const list = useListState({ filters: FILTERS, textFilters: ['name', 'phone_number'] });
  const { page, limit, filters, inputs, setFilter, setPage, setLimit } = list;

  const users = useUsers({
    page,
    limit,
    name: filters.name,
    phone_number: filters.phone_number,
    role_id: filters.role_id,
    status: isFilterStatus(filters.status) ? filters.status : '',
  });
  const roles = useActiveRoles();
  useErrorToast(users.isError, 'Error fetching users');
  useErrorToast(roles.isError, 'Failed to fetch roles');

  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<User | null>(null);
  const deleteUser = useDeleteUser();

  const pagination = users.data?.pagination ?? buildPagination(0, page, limit);
  // Deleting the last row of the last page would leave an empty page behind.
  const lastPage = pagination.total_pages;
  useEffect(() => {
    if (users.data && users.data.data.length === 0 && page > lastPage) setPage(lastPage);
  }, [users.data, page, lastPage, setPage]);

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteUser.mutateAsync(toDelete.id);
      toast.success('User deleted successfully');
      setToDelete(null);
    } catch (error) {
      toast.error(errorMessage(error, 'Error deleting user'));
    }
  }

  const open = (user: User) => navigate(`/users/view?id=${user.id}`);

  const columns: Column<User>[] = [
    {
      id: 'name',
      header: 'Full Name',
      cell: (user) => <span className="font-medium text-slate-900">{fullName(user.details)}</span>,
      filter: (
        <FilterText
          label="Search by name"
          placeholder="Search name"
          value={inputs.name}
          onChange={(value) => setFilter('name', value)}
        />
      ),
    },
    {
      id: 'phone',
      header: 'Phone Number',
      cell: (user) => user.phone_number,
      filter: (
        <FilterText
          label="Search by phone number"
          inputMode="numeric"
          placeholder="Search phone"
          value={inputs.phone_number}
          onChange={(value) => setFilter('phone_number', value)}
        />
      ),
    },
    {
      id: 'role',
      header: 'Role',
      cell: (user) => <span className="capitalize">{user.role}</span>,
      filter: (
        <FilterSelect
          label="Filter by role"
          value={inputs.role_id}
          onChange={(value) => setFilter('role_id', value)}
        >
          {(roles.data ?? []).map((role) => (
            <option key={role.id} value={role.id}>
              {role.name}
            </option>
          ))}
        </FilterSelect>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (user) => <UserStatusBadge status={user.status} />,
      filter: (
        <FilterSelect
          label="Filter by status"
          value={inputs.status}
          onChange={(value) => setFilter('status', value)}
        >
          {USER_FILTER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </FilterSelect>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      className: 'w-24',
      cell: (user) => (
        <RowActions>
          <RowAction
            icon={Eye}
            label={`View ${fullName(user.details)}`}
            onClick={() => open(user)}
          />
          {canDelete && (
            <RowAction
              icon={Trash2}
              tone="danger"
              label={`Delete ${fullName(user.details)}`}
              onClick={() => setToDelete(user)}
            />
          )}
        </RowActions>
      ),
    },
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
        <DataTable
          label="Users"
          columns={columns}
          rows={users.data?.data ?? []}
          rowKey={(user) => user.id}
          loading={users.isPending || (users.isFetching && users.isPlaceholderData)}
          emptyText="No users found"
          onRowClick={open}
          rowLabel={(user) => `Open ${fullName(user.details)}`}
        />
        <PaginationBar pagination={pagination} onPageChange={setPage} onPageSizeChange={setLimit} />
      </Card>

      {canCreate && <UserFormPanel mode="create" open={creating} onOpenChange={setCreating} />}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(next) => !next && setToDelete(null)}
        title="Delete User"
        description="Are you sure you want to delete this user? This action cannot be undone."
        onConfirm={() => void confirmDelete()}
        busy={deleteUser.isPending}
      />
    </>
  );
}
