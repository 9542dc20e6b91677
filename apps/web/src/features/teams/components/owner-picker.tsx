import {
  OWNER_PICKER_PAGE_SIZE,
  OWNER_SEARCH_DEBOUNCE_MS,
  type Organizer,
  fullName,
  TEAM_MESSAGES,
} from '@cricket/contracts';
import { Check, ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Modal } from '@/components/modal';
import { controlClasses, FieldFrame } from '@/components/ui/field-frame';
import { cn } from '@/lib/cn';
import { PagedPickerList } from '@/components/picker-parts';
import { usePagedPicker } from '@/components/use-paged-picker';
import { organizersQuery, useOrganizers } from '../api/get-organizers';

interface OwnerPickerProps {
  value: number | undefined;
  onChange: (owner: Organizer) => void;
  error?: string;
  disabled?: boolean;
}

/** The Owner field of the team panel: shows the chosen organizer and opens the picker. */
export function OwnerPicker({ value, onChange, error, disabled }: OwnerPickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  // Each opening mounts a fresh picker: page 1, empty search, whatever happened last time.
  const [opening, setOpening] = useState(0);
  const [picked, setPicked] = useState<Organizer | null>(null);
  const known = picked && picked.id === value ? picked : null;
  // An edit panel knows only the owner's id: ask the organizers list for that one person.
  const current = useOrganizers(
    { page: 1, limit: 1, organizer_id: value },
    value !== undefined && known === null,
  );
  const owner = known ?? current.data?.data[0] ?? null;

  return (
    <FieldFrame
      id={id}
      label="Owner"
      required
      hintId={`${id}-hint`}
      error={error}
      errorId={`${id}-error`}
    >
      <button
        id={id}
        type="button"
        disabled={disabled}
        aria-haspopup="dialog"
        aria-describedby={error ? `${id}-error` : undefined}
        onClick={() => {
          setOpening((count) => count + 1);
          setOpen(true);
        }}
        className={cn(controlClasses, 'flex h-10 items-center justify-between gap-2 text-left')}
      >
        <span className={cn('truncate', !owner && 'text-neutral-400')}>
          {owner
            ? `${fullName(owner.details)} (${owner.phone_number})`
            : value !== undefined && current.isPending
              ? 'Loading...'
              : TEAM_MESSAGES.ownerPlaceholder}
        </span>
        <ChevronDown className="size-4 shrink-0 text-neutral-400" aria-hidden="true" />
      </button>
      <OwnerPickerModal
        key={opening}
        open={open}
        onOpenChange={setOpen}
        selectedId={value}
        onSelect={(organizer) => {
          setPicked(organizer);
          onChange(organizer);
          setOpen(false);
        }}
      />
    </FieldFrame>
  );
}

interface OwnerPickerModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selectedId: number | undefined;
  onSelect: (owner: Organizer) => void;
}

/** Spec §2 "Owner picker": searchable, paged list of organizers. */
function OwnerPickerModal({ open, onOpenChange, selectedId, onSelect }: OwnerPickerModalProps) {
  const picker = usePagedPicker({
    query: organizersQuery,
    pageSize: OWNER_PICKER_PAGE_SIZE,
    debounceMs: OWNER_SEARCH_DEBOUNCE_MS,
    enabled: open,
    selectedIds: [selectedId],
    emptyText: TEAM_MESSAGES.ownersEmpty,
    noMatchText: TEAM_MESSAGES.ownersNoMatch,
  });

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Select Owner">
      <PagedPickerList
        picker={picker}
        searchLabel="Search owners"
        searchPlaceholder="Search by name or phone..."
        label="Owners"
        className="divide-y divide-neutral-100 rounded-lg border border-neutral-200"
        pagerClassName="-mx-5 mt-3"
      >
        {(organizer) => {
          const selected = picker.isSelected(organizer);
          return (
            <button
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(organizer)}
              className={cn(
                'flex w-full items-center justify-between gap-3 px-4 py-2.5 text-left hover:bg-neutral-50 focus-visible:bg-primary-50 focus-visible:outline-none',
                selected && 'bg-primary-50',
              )}
            >
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-neutral-900">
                  {fullName(organizer.details)}
                </span>
                <span className="block text-xs text-neutral-500">{organizer.phone_number}</span>
              </span>
              {selected && (
                <Check className="size-4 shrink-0 text-primary-700" aria-hidden="true" />
              )}
            </button>
          );
        }}
      </PagedPickerList>
    </Modal>
  );
}
