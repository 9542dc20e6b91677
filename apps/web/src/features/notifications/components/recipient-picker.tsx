import {
  NOTIFICATION_ERRORS,
  RECIPIENT_PICKER_PAGE_SIZE,
  RECIPIENT_SEARCH_DEBOUNCE_MS,
  fullName,
  type RecipientOption,
} from '@cricket/contracts';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { PaginationBar } from '@/components/pagination-bar';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useErrorToast } from '@/lib/use-error-toast';
import { PickerNotice, SearchBox } from '@/components/picker-parts';
import { recipientsQuery } from '../api/sends';

/** The 'Specific Users' picker: search (debounced 300 ms), tick users, see them as chips. */
export function RecipientPicker({
  selected,
  onChange,
  error,
}: {
  selected: RecipientOption[];
  onChange: (next: RecipientOption[]) => void;
  error?: string;
}) {
  const errorId = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim(), RECIPIENT_SEARCH_DEBOUNCE_MS);
  const users = useQuery(
    recipientsQuery({ page, limit: RECIPIENT_PICKER_PAGE_SIZE, search: debounced || undefined }),
  );
  useErrorToast(users.error, NOTIFICATION_ERRORS.fetchUsers);
  const rows = users.data?.data ?? [];
  const loading = users.isPending || (users.isPlaceholderData && users.isFetching);
  const chosen = new Set(selected.map((u) => u.id));
  const toggle = (user: RecipientOption) =>
    onChange(chosen.has(user.id) ? selected.filter((u) => u.id !== user.id) : [...selected, user]);

  return (
    <div className="space-y-3" aria-describedby={error ? errorId : undefined}>
      {selected.length > 0 && (
        <ul aria-label="Selected users" className="flex flex-wrap gap-2">
          {selected.map((user) => (
            <li
              key={user.id}
              className="flex max-w-full items-center gap-1 rounded-full bg-primary-50 py-1 pr-1 pl-3 text-xs text-primary-800"
            >
              <span className="truncate">{fullName(user.details)}</span>
              <button
                type="button"
                aria-label={`Remove ${fullName(user.details)}`}
                onClick={() => toggle(user)}
                className="rounded-full p-0.5 hover:bg-primary-100"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="rounded-lg border border-neutral-200 p-3">
        <SearchBox
          label="Search users"
          placeholder="Search by name, phone or email..."
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        {loading || rows.length === 0 ? (
          <PickerNotice loading={loading}>
            {debounced ? 'No users found matching your search' : 'No users available'}
          </PickerNotice>
        ) : (
          <ul aria-label="Users" className="max-h-72 divide-y divide-neutral-100 overflow-y-auto">
            {rows.map((user) => (
              <li key={user.id}>
                <label
                  className={cn(
                    'flex cursor-pointer items-center gap-3 px-2 py-2 text-sm hover:bg-neutral-50',
                    chosen.has(user.id) && 'bg-primary-50/60',
                  )}
                >
                  <input
                    type="checkbox"
                    aria-label={`Select ${fullName(user.details)}`}
                    checked={chosen.has(user.id)}
                    onChange={() => toggle(user)}
                    className="size-4 shrink-0 accent-primary-700"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-neutral-900">
                      {fullName(user.details)}
                    </span>
                    <span className="block truncate text-xs text-neutral-500">
                      {user.email} · {user.phone_number}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {users.data && users.data.pagination.total_pages > 1 && (
          <div className="-mx-3 -mb-3">
            <PaginationBar
              pagination={users.data.pagination}
              onPageChange={setPage}
              onPageSizeChange={() => undefined}
              pageSizeOptions={[RECIPIENT_PICKER_PAGE_SIZE]}
            />
          </div>
        )}
      </div>
      <p className="text-sm text-neutral-600">{selected.length} selected</p>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger-600">
          {error}
        </p>
      )}
    </div>
  );
}
