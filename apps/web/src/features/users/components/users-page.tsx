import { FilterSelectFor, FilterTextFor } from '@/components/filter-controls';
import {
  fullName,
  ROLE_MESSAGES,
  type User,
  USER_ERRORS,
  USER_FILTER_STATUSES,
  USER_SORT_KEYS,
  USER_SUCCESS,
  type UserStatus,
  USER_STATUSES,
} from '@cricket/contracts';
import { Plus } from 'lucide-react';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { TruncatedText, actionsColumn, type Column } from '@/components/data-table';
import { ListExportButton } from '@/components/list-export-button';
import { ListTable, sortParams, useListPage } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { usePanelState } from '@/components/use-panel-state';
import { lazyPanel } from '@/components/lazy-panel';
import { Card } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { capitalize, statusLabel } from '@/lib/format';
import { isRecordId, useOpenRecord } from '@/lib/record-route';
import { roleKeys } from '@/lib/query-keys';
import { useCan } from '@/lib/session';
import { useErrorToast } from '@/lib/use-error-toast';
import { useDeleteUser } from '../api/delete-user';
import { useActiveRoles } from '../api/get-active-roles';
import { usersQuery, type UsersParams } from '../api/get-users';
import { userKeys } from '../api/keys';
import { UserStatusBadge } from './user-status-badge';

const UserFormPanel = lazyPanel(
  () => import('./user-form-panel').then((m) => m.UserFormPanel),
  (p) => p.open,
);

const FILTERS = ['name', 'phone_number', 'role_id', 'status'] as const;

const isFilterStatus = (value: string): value is UserStatus =>
  (USER_FILTER_STATUSES as readonly string[]).includes(value);

/** The list's filters as the API takes them, for its pages and its export. */
const usersFilters = (filters: Record<(typeof FILTERS)[number], string>) => ({
  name: filters.name,
  phone_number: filters.phone_number,
  role_id: filters.role_id,
  status: isFilterStatus(filters.status) ? filters.status : ('' as const),
});

/** A bulk change moves the users and the roles' user counts. */
const BULK_REFRESH = [userKeys.all, roleKeys.all];

/** Spec §2 "Users list": filters, pagination, view and delete, and the create panel. */
export function UsersPage() {
  const canCreate = useCan('users.create');
  const canUpdate = useCan('users.update');
  const canDelete = useCan('users.delete');
  const list = useListPage({
    filters: FILTERS,
    textFilters: ['name', 'phone_number'],
    checks: { role_id: isRecordId, status: isFilterStatus },
    sorts: USER_SORT_KEYS,
    query: ({ page, limit, filters, sort, pageKey }) =>
      usersQuery({
        page,
        limit,
        ...usersFilters(filters),
        ...(sortParams(sort) as Pick<UsersParams, 'sort' | 'order'>),
        page_key: pageKey,
      }),
    errorText: USER_ERRORS.fetchFailed,
  });
  const roles = useActiveRoles();
  useErrorToast(roles.error, ROLE_MESSAGES.fetchFailed);

  const panel = usePanelState<'create'>();
  const deleteUser = useDeleteUser();
  const remove = useConfirmDelete<User>({
    run: (user, ifMatch) => deleteUser.mutateAsync({ id: user.id, ifMatch }),
    version: (user) => user.updated_at,
    title: 'Delete User',
    description: () => 'Are you sure you want to delete this user? This action cannot be undone.',
    successText: USER_SUCCESS.deleted,
    failureText: USER_ERRORS.deleteFailed,
  });

  const openRecord = useOpenRecord('/users');
  const open = (user: User) => openRecord(user.id);

  const columns: Column<User>[] = [
    {
      id: 'name',
      header: 'Full Name',
      sortKey: 'name',
      width: 'w-[28%]',
      cell: (user) => (
        <TruncatedText text={fullName(user.details)} className="font-medium text-neutral-900" />
      ),
      filter: (
        <FilterTextFor list={list} name="name" label="Search by name" placeholder="Search name" />
      ),
    },
    {
      id: 'phone',
      header: 'Phone Number',
      sortKey: 'phone_number',
      width: 'w-[20%]',
      cell: (user) => <TruncatedText text={user.phone_number} />,
      filter: (
        <FilterTextFor
          list={list}
          name="phone_number"
          label="Search by phone number"
          inputMode="numeric"
          placeholder="Search phone"
        />
      ),
    },
    {
      id: 'role',
      header: 'Role',
      width: 'w-[20%]',
      cell: (user) => <TruncatedText text={capitalize(user.role)} />,
      filter: (
        <FilterSelectFor
          list={list}
          name="role_id"
          label="Filter by role"
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
        <FilterSelectFor
          list={list}
          name="status"
          label="Filter by status"
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
          <>
            <ListExportButton
              list="users"
              query={{ ...usersFilters(list.filters), ...sortParams(list.sort) }}
            />
            {canCreate && (
              <Button onClick={() => panel.open('create')}>
                <Plus className="size-4" aria-hidden="true" />
                Add User
              </Button>
            )}
          </>
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
          bulk={{
            list: 'users',
            actions: [canDelete && 'delete', canUpdate && 'set_status'],
            statuses: USER_STATUSES,
            query: usersFilters(list.filters),
            name: (user) => fullName(user.details),
            refresh: BULK_REFRESH,
          }}
        />
      </Card>

      {canCreate && (
        <UserFormPanel
          mode="create"
          open={panel.isOpen('create')}
          onOpenChange={panel.onOpenChange}
        />
      )}
      {remove.dialog}
    </>
  );
}
