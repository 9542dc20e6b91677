import { SORT_LABELS } from '@cricket/contracts';
import { MoreVertical } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import toast from 'react-hot-toast';
import { MENU_LOAD_FAILED, retryOnce } from '@/lib/lazy-page';
import { cn } from '@/lib/cn';
import type { Column, DataTableProps, RowActionItem } from './data-table';
import type { RowCardMenu } from './row-card-menu';
import { pageChecked, RowCheckbox } from './row-checkbox';
import { Select } from './ui/select';
import type { ListSort } from './use-list-state';

const triggerClasses =
  '-my-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-600';

const loadMenu = () => retryOnce(() => import('./row-card-menu'));
/** Once loaded, every card's button is the menu's own trigger. */
let LoadedMenu: typeof RowCardMenu | null = null;

/**
 * A card's actions button. Until a menu is first used it is a plain button: Radix's menu and
 * its positioning load when the pointer comes near it or it takes focus, and the menu opens in
 * its place once they are in, so a list's first screen on a phone does without them (the
 * user menu's way, decision 034).
 */
function CardActions({ label, actions }: { label: string; actions: readonly RowActionItem[] }) {
  const [Menu, setMenu] = useState(() => LoadedMenu);
  const [loading, setLoading] = useState(false);
  if (Menu) return <Menu label={label} actions={actions} triggerClassName={triggerClasses} />;
  const preload = () => void loadMenu().catch(() => undefined);
  return (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={loading || undefined}
      className={triggerClasses}
      onPointerEnter={preload}
      onFocus={preload}
      onKeyDown={(event) => event.stopPropagation()}
      onClick={(event) => {
        event.stopPropagation();
        if (loading) return;
        setLoading(true);
        loadMenu().then(
          (m) => {
            LoadedMenu = m.RowCardMenu;
            setMenu(() => m.RowCardMenu);
          },
          () => {
            setLoading(false);
            toast.error(MENU_LOAD_FAILED);
          },
        );
      }}
    >
      <MoreVertical className="size-4" aria-hidden="true" />
    </button>
  );
}

/** Enter or Space on a row or card itself (not on a button inside it) opens it. */
export function openOnKey(event: KeyboardEvent, open: () => void) {
  if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
    event.preventDefault();
    open();
  }
}

/** Each column's place on a card: its own `card`, or the default the Column type describes. */
export function cardLayout<Row>(columns: readonly Column<Row>[]) {
  const placed = columns.map((column, index) => ({
    column,
    place:
      column.card ??
      (column.menu
        ? 'hidden'
        : index === 0 && !columns.some((other) => other.card === 'title')
          ? 'title'
          : column.id === 'status'
            ? 'status'
            : 'field'),
  }));
  const only = (place: string) => placed.filter((p) => p.place === place).map((p) => p.column);
  return {
    title: only('title'),
    status: only('status'),
    fields: only('field'),
    menu: columns.find((column) => column.menu)?.menu,
  };
}

/**
 * A list on a phone: each row a card with its title, status, labelled key fields and its
 * actions in a menu; the filters the table keeps in its filter row sit in a block above.
 */
export function RowCards<Row>({
  label,
  columns,
  rows,
  rowKey,
  loading = false,
  skeletonRows = 3,
  emptyText,
  problem,
  onRowClick,
  rowLabel,
  rowClassName,
  sort,
  onSort,
  selection,
}: DataTableProps<Row>) {
  const { title, status, fields, menu } = cardLayout(columns);
  const filters = columns.filter((column) => column.filter !== undefined);

  return (
    <div>
      {onSort && <CardSort columns={columns} sort={sort ?? null} onSort={onSort} />}
      {filters.length > 0 && (
        <div
          role="group"
          aria-label={`Filter ${label}`}
          className="grid gap-3 border-b border-neutral-200 p-4"
        >
          {filters.map((column) => (
            <div key={column.id} className="flex min-w-0 flex-col gap-1 [&>*]:w-full">
              <span className="text-xs font-semibold tracking-wide text-neutral-500 uppercase">
                {column.header}
              </span>
              {column.filter}
            </div>
          ))}
        </div>
      )}
      {selection && rows.length > 0 && !problem && (
        <label className="flex items-center gap-3 border-b border-neutral-200 px-4 py-3 text-sm text-neutral-700">
          <RowCheckbox
            checked={pageChecked(selection.page)}
            label={selection.pageLabel}
            onChange={selection.togglePage}
          />
          <span aria-hidden="true">{selection.pageLabel}</span>
        </label>
      )}
      {problem ? (
        problem
      ) : loading && rows.length === 0 ? (
        <ul aria-hidden="true" className="divide-y divide-neutral-100">
          {Array.from({ length: Math.max(1, skeletonRows) }, (_, index) => (
            <li key={index} className="space-y-2 p-4">
              <span className="block h-5 w-2/3 animate-pulse rounded bg-neutral-100" />
              <span className="block h-4 w-1/2 animate-pulse rounded bg-neutral-100" />
            </li>
          ))}
        </ul>
      ) : rows.length === 0 ? (
        <p className="px-4 py-10 text-sm text-neutral-500">{emptyText}</p>
      ) : (
        <ul
          aria-label={label}
          aria-busy={loading || undefined}
          className={cn('divide-y divide-neutral-100 transition-opacity', loading && 'opacity-50')}
        >
          {rows.map((row) => {
            const actions = menu?.(row) ?? [];
            const [first] = actions;
            return (
              // The card opens like the table's row does (focusable, Enter); it is no button,
              // since it holds its own menu button.
              // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
              <li
                key={rowKey(row)}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={
                  onRowClick ? (event) => openOnKey(event, () => onRowClick(row)) : undefined
                }
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                tabIndex={onRowClick ? 0 : undefined}
                aria-label={onRowClick && rowLabel ? rowLabel(row) : undefined}
                className={cn(
                  'group space-y-3 p-4 text-sm text-neutral-700',
                  onRowClick &&
                    'cursor-pointer hover:bg-neutral-50 focus-visible:bg-primary-50/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600',
                  selection?.isSelected(row) && 'bg-primary-50/60',
                  rowClassName?.(row),
                )}
              >
                <div className="flex items-start gap-2">
                  {selection && (
                    <RowCheckbox
                      checked={selection.isSelected(row)}
                      label={selection.rowLabel(selection.name(row))}
                      onChange={() => selection.toggle(row)}
                      // A thumb's target: the box sits in the title's first line.
                      className="mt-0.5 size-5 shrink-0"
                    />
                  )}
                  <div className="min-w-0 flex-1 font-medium break-words text-neutral-900">
                    {title.map((column) => (
                      <div key={column.id}>{column.cell(row)}</div>
                    ))}
                  </div>
                  {status.map((column) => (
                    <div key={column.id} className="shrink-0">
                      {column.cell(row)}
                    </div>
                  ))}
                  {first && (
                    <CardActions
                      label={`Actions for ${first.label.slice(first.verb.length + 1)}`}
                      actions={actions}
                    />
                  )}
                </div>
                {fields.length > 0 && (
                  <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
                    {fields.map((column) => (
                      <div key={column.id} className="min-w-0">
                        <dt className="text-xs text-neutral-500">{column.header}</dt>
                        <dd className="min-w-0 break-words">{column.cell(row)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/**
 * A phone's cards have no headers to press: one 'Sort by' choice of each sortable column both
 * ways, and the list's own order.
 */
function CardSort<Row>({
  columns,
  sort,
  onSort,
}: {
  columns: readonly Column<Row>[];
  sort: ListSort | null;
  onSort: (next: ListSort | null) => void;
}) {
  const sortable = columns.filter(
    (column): column is Column<Row> & { sortKey: string; header: string } =>
      column.sortKey !== undefined && typeof column.header === 'string',
  );
  if (sortable.length === 0) return null;
  const options = sortable.flatMap((column) => [
    { value: `${column.sortKey}:asc`, label: `${column.header} ${SORT_LABELS.asc}` },
    { value: `${column.sortKey}:desc`, label: `${column.header} ${SORT_LABELS.desc}` },
  ]);
  const choose = (value: string) => {
    const [key, order] = value.split(':') as [string, 'asc' | 'desc'];
    onSort(value ? { key, order } : null);
  };
  return (
    <div className="flex items-center gap-2 border-b border-neutral-200 px-4 py-3">
      <label htmlFor="card-sort" className="shrink-0 text-xs font-semibold text-neutral-600">
        {SORT_LABELS.sortBy}
      </label>
      <Select
        id="card-sort"
        value={sort ? `${sort.key}:${sort.order}` : ''}
        onChange={choose}
        options={options}
        placeholder={SORT_LABELS.defaultOrder}
        emptyOption
        className="min-w-0 flex-1"
      />
    </div>
  );
}
