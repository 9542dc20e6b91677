import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { Check, ChevronDown, X } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Modal } from '@/components/modal';
import { Button } from '@/components/ui/button';
import { controlClasses, FieldFrame } from '@/components/ui/field-frame';
import { cn } from '@/lib/cn';
import { PagedPickerList } from './picker-parts';
import { usePagedPicker, type PickerPage, type PickerPageParams } from './use-paged-picker';

/** How a record reads in the picker's list: its name, and a second line when it helps. */
export interface RecordText {
  title: string;
  detail?: string;
}

export interface RecordPickerFieldProps<Row extends { id: number }, QKey extends QueryKey> {
  label: string;
  /** The chosen record's id; undefined while none is chosen. */
  value: number | undefined;
  /** What the field shows for `value` (known from the record being edited, or from the pick). */
  valueText: string | null;
  onChange: (row: Row) => void;
  /** Where choosing none is allowed: takes the choice back (a button beside the field). */
  onClear?: () => void;
  /** Shown while nothing is chosen, such as 'Select an owner'. */
  placeholder: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** The picker dialog's title, e.g. 'Select Owner'. */
  title: string;
  searchLabel: string;
  searchPlaceholder: string;
  /** The list's accessible name, e.g. 'Owners'. */
  listLabel: string;
  query: (
    params: PickerPageParams,
  ) => UseQueryOptions<PickerPage<Row>, Error, PickerPage<Row>, QKey>;
  pageSize: number;
  debounceMs: number;
  emptyText: string;
  noMatchText: string;
  describe: (row: Row) => RecordText;
}

/**
 * One record chosen from a server-paged, searchable list (an owner, a team, a fixture): a field
 * showing the choice that opens the picker in a dialog, however many records there are.
 */
export function RecordPickerField<Row extends { id: number }, QKey extends QueryKey = QueryKey>({
  label,
  value,
  valueText,
  onChange,
  onClear,
  placeholder,
  error,
  required,
  disabled,
  ...picker
}: RecordPickerFieldProps<Row, QKey>) {
  const id = useId();
  const field = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // Each opening mounts a fresh picker: page 1, empty search, whatever happened last time.
  const [opening, setOpening] = useState(0);

  return (
    <FieldFrame
      id={id}
      label={label}
      required={required}
      hintId={`${id}-hint`}
      error={error}
      errorId={`${id}-error`}
    >
      <div className="flex gap-2">
        <button
          ref={field}
          id={id}
          type="button"
          disabled={disabled}
          aria-haspopup="dialog"
          aria-describedby={error ? `${id}-error` : undefined}
          onClick={() => {
            setOpening((count) => count + 1);
            setOpen(true);
          }}
          className={cn(
            controlClasses,
            'flex h-10 min-w-0 flex-1 items-center justify-between gap-2 text-left',
          )}
        >
          <span className={cn('truncate', !valueText && 'text-neutral-400')}>
            {valueText ?? placeholder}
          </span>
          <ChevronDown className="size-4 shrink-0 text-neutral-400" aria-hidden="true" />
        </button>
        {onClear && value !== undefined && (
          <Button
            variant="ghost"
            size="icon"
            disabled={disabled}
            onClick={() => {
              onClear();
              // The clear button goes with the choice: the keyboard stays on the field.
              field.current?.focus();
            }}
            aria-label={`Clear ${label}`}
          >
            <X className="size-4" aria-hidden="true" />
          </Button>
        )}
      </div>
      <RecordPickerModal
        key={opening}
        {...picker}
        open={open}
        onOpenChange={setOpen}
        selectedId={value}
        onSelect={(row) => {
          onChange(row);
          setOpen(false);
        }}
      />
    </FieldFrame>
  );
}

type ModalProps<Row extends { id: number }, QKey extends QueryKey> = Omit<
  RecordPickerFieldProps<Row, QKey>,
  'label' | 'value' | 'valueText' | 'onChange' | 'placeholder' | 'error' | 'required' | 'disabled'
> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selectedId: number | undefined;
  onSelect: (row: Row) => void;
};

function RecordPickerModal<Row extends { id: number }, QKey extends QueryKey>({
  open,
  onOpenChange,
  selectedId,
  onSelect,
  title,
  searchLabel,
  searchPlaceholder,
  listLabel,
  query,
  pageSize,
  debounceMs,
  emptyText,
  noMatchText,
  describe,
}: ModalProps<Row, QKey>) {
  const picker = usePagedPicker({
    query,
    pageSize,
    debounceMs,
    enabled: open,
    selectedIds: [selectedId],
    emptyText,
    noMatchText,
  });

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} layer="above">
      <PagedPickerList
        picker={picker}
        searchLabel={searchLabel}
        searchPlaceholder={searchPlaceholder}
        label={listLabel}
        className="divide-y divide-neutral-100 rounded-lg border border-neutral-200"
        pagerClassName="-mx-5 mt-3"
      >
        {(row) => {
          const selected = picker.isSelected(row);
          const text = describe(row);
          return (
            <button
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(row)}
              className={cn(
                'flex w-full items-center justify-between gap-3 px-4 py-2.5 text-left hover:bg-neutral-50 focus-visible:bg-primary-50 focus-visible:outline-none',
                selected && 'bg-primary-50',
              )}
            >
              <RecordLines text={text} />
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

function RecordLines({ text }: { text: RecordText }): ReactNode {
  return (
    <span className="min-w-0">
      <span className="block truncate text-sm font-medium text-neutral-900">{text.title}</span>
      {text.detail && <span className="block text-xs text-neutral-500">{text.detail}</span>}
    </span>
  );
}
