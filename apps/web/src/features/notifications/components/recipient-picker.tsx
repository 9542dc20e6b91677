import {
  NOTIFICATION_ERRORS,
  NOTIFICATION_MESSAGES,
  RECIPIENT_PICKER_PAGE_SIZE,
  RECIPIENT_SEARCH_DEBOUNCE_MS,
  fullName,
  type RecipientOption,
} from '@cricket/contracts';
import { X } from 'lucide-react';
import { useId } from 'react';
import { PagedPickerList } from '@/components/picker-parts';
import { usePagedPicker } from '@/components/use-paged-picker';
import { cn } from '@/lib/cn';
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
  const picker = usePagedPicker({
    query: recipientsQuery,
    pageSize: RECIPIENT_PICKER_PAGE_SIZE,
    debounceMs: RECIPIENT_SEARCH_DEBOUNCE_MS,
    selectedIds: selected.map((u) => u.id),
    emptyText: NOTIFICATION_MESSAGES.recipientsEmpty,
    noMatchText: NOTIFICATION_MESSAGES.recipientsNoMatch,
    errorText: NOTIFICATION_ERRORS.fetchUsers,
  });
  const toggle = (user: RecipientOption) =>
    onChange(
      picker.isSelected(user) ? selected.filter((u) => u.id !== user.id) : [...selected, user],
    );

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
        <PagedPickerList
          picker={picker}
          searchLabel="Search users"
          searchPlaceholder="Search by name, phone or email..."
          label="Users"
          className="max-h-72 divide-y divide-neutral-100 overflow-y-auto"
          pagerClassName="-mx-3 -mb-3"
        >
          {(user) => (
            <label
              className={cn(
                'flex cursor-pointer items-center gap-3 px-2 py-2 text-sm hover:bg-neutral-50',
                picker.isSelected(user) && 'bg-primary-50/60',
              )}
            >
              <input
                type="checkbox"
                aria-label={`Select ${fullName(user.details)}`}
                checked={picker.isSelected(user)}
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
          )}
        </PagedPickerList>
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
