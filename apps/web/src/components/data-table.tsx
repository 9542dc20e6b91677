import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  Eye,
  Pencil,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useNarrowScreen } from '@/lib/use-narrow-screen';
import { pageChecked, RowCheckbox } from './row-checkbox';
import { openOnKey, RowCards } from './row-cards';
import { nextSort, type ListSort } from './use-list-state';

export interface Column<Row> {
  /** Stable key for React; also names the column in tests. */
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The control shown for this column in the filter row, if any. */
  filter?: ReactNode;
  /** The column's share of a fixed-layout table, e.g. 'w-[30%]' or 'w-28'. */
  width?: string;
  className?: string;
  /**
   * Its place on a phone's card (below the small breakpoint): the card's title, its status, a
   * labelled field, or left off. By default the first column is the title, a column with the
   * id 'status' the status, and every other one a field.
   */
  card?: 'title' | 'status' | 'field' | 'hidden';
  /** The row's actions as menu items: the Actions column's verbs, in a phone card's menu. */
  menu?: (row: Row) => readonly RowActionItem[];
  /** The list's sort key for this column (one of its `sorts`): its header then sorts. */
  sortKey?: string;
}

/** One action on a row: an icon button in the Actions cell, an item in a card's menu. */
export interface RowActionItem {
  icon: LucideIcon;
  /** Names the row too, e.g. 'Delete Jane Doe'. */
  label: string;
  /** The menu's item text, e.g. 'Delete'. */
  verb: string;
  onClick: () => void;
  tone?: 'default' | 'danger';
}

/** Rows the user can select for a bulk action (`BulkActions`): a checkbox per row and page. */
export interface RowSelection<Row> {
  isSelected: (row: Row) => boolean;
  toggle: (row: Row) => void;
  /** How much of the page is selected: the page checkbox shows it, mixed for 'some'. */
  page: 'none' | 'some' | 'all';
  togglePage: () => void;
  /** Names the row in its checkbox's label: 'Select Jane Doe'. */
  name: (row: Row) => string;
  /** 'Select all on this page'; 'Select <name>' for a row. */
  pageLabel: string;
  rowLabel: (name: string) => string;
}

export interface DataTableProps<Row> {
  /** Names the table for assistive technology, e.g. 'Users'. */
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** A page is loading: rows on screen stay, dimmed; with none, skeleton rows stand in. */
  loading?: boolean;
  /** How many skeleton rows the first load shows (the page size, so nothing jumps). */
  skeletonRows?: number;
  emptyText: string;
  /**
   * Shown in place of the rows (a failed load), under the headers and the filter row: a filter
   * the server refused stays on screen to be corrected.
   */
  problem?: ReactNode;
  /** Makes rows open something (e.g. the profile); rows become focusable and react to Enter. */
  onRowClick?: (row: Row) => void;
  /** How a row is announced when it is clickable, e.g. `Open ${name}`. */
  rowLabel?: (row: Row) => string;
  /** Extra classes for a row that must stand out (an unread message). */
  rowClassName?: (row: Row) => string | undefined;
  /** The list's sort, shown on its column's header. */
  sort?: ListSort | null;
  /** The sort chosen: a header cycles asc, desc and the list's own order (`nextSort`). */
  onSort?: (next: ListSort | null) => void;
  /** Checkboxes for a bulk action, in a first column (cards: beside each title). */
  selection?: RowSelection<Row>;
  /**
   * Keeps the table on a phone, scrolling sideways, instead of a card per row: for a grid of
   * short numbers read across and down (a points table), where cards would say less per screen.
   */
  alwaysTable?: boolean;
}

/** What a header says to assistive technology about its column's order. */
export function ariaSort(column: { sortKey?: string }, sort: ListSort | null | undefined) {
  if (!column.sortKey) return undefined;
  if (sort?.key !== column.sortKey) return 'none' as const;
  return sort.order === 'asc' ? ('ascending' as const) : ('descending' as const);
}

function SortableHeader({
  children,
  order,
  onClick,
}: {
  children: ReactNode;
  order: 'ascending' | 'descending' | 'none';
  onClick: () => void;
}) {
  const Icon = order === 'ascending' ? ArrowUp : order === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        '-mx-1 inline-flex items-center gap-1 rounded px-1 tracking-wide uppercase hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-primary-600',
        order !== 'none' && 'text-neutral-900',
      )}
    >
      {children}
      <Icon className={cn('size-3.5', order === 'none' && 'opacity-50')} aria-hidden="true" />
    </button>
  );
}

/**
 * The list table every screen uses. Columns with a `filter` put their control in a filter
 * row right under the headers. Below the small breakpoint (a phone) the rows become stacked
 * cards, the filters a block above them (`RowCards`).
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  // One layout in the page, not both hidden by CSS: a list renders its rows once (decision 032)
  // and a page holds one control per filter.
  const narrow = useNarrowScreen();
  return narrow && !props.alwaysTable ? <RowCards {...props} /> : <RowTable {...props} />;
}

function RowTable<Row>({
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
  alwaysTable,
}: DataTableProps<Row>) {
  const hasFilters = columns.some((column) => column.filter !== undefined);
  const span = columns.length + (selection ? 1 : 0);
  // The selection column: a cell before the columns in every row of the table.
  const selectCell = (content: ReactNode, header = false) => {
    if (!selection) return null;
    const Cell = header ? 'th' : 'td';
    return (
      <Cell scope={header ? 'col' : undefined} className="w-12 px-4 py-3 align-middle">
        {content}
      </Cell>
    );
  };

  return (
    // Kept on a phone, the table scrolls sideways: the keyboard must be able to scroll it too.
    <div
      className="overflow-x-auto"
      {...(alwaysTable
        ? { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrolls sideways` }
        : {})}
    >
      <table
        aria-label={label}
        aria-busy={loading || undefined}
        className="w-full min-w-[720px] table-fixed text-left text-sm"
      >
        <thead className="bg-neutral-50 text-xs font-semibold tracking-wide text-neutral-500 uppercase">
          <tr>
            {selection &&
              selectCell(
                <RowCheckbox
                  checked={pageChecked(selection.page)}
                  label={selection.pageLabel}
                  onChange={selection.togglePage}
                  // An empty page has nothing to select (the phone cards hide theirs).
                  disabled={rows.length === 0 || Boolean(problem)}
                />,
                true,
              )}
            {columns.map((column) => {
              const order = onSort ? ariaSort(column, sort) : undefined;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={order}
                  className={cn('px-4 py-3', column.width)}
                >
                  {order && column.sortKey ? (
                    <SortableHeader
                      order={order}
                      onClick={() => onSort?.(nextSort(sort ?? null, column.sortKey!))}
                    >
                      {column.header}
                    </SortableHeader>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
          {hasFilters && (
            <tr className="border-t border-neutral-200 bg-surface normal-case">
              {selectCell(null)}
              {columns.map((column) => (
                <td key={column.id} className="px-4 py-2 font-normal tracking-normal">
                  {column.filter}
                </td>
              ))}
            </tr>
          )}
        </thead>
        <tbody className="divide-y divide-neutral-100 border-t border-neutral-200">
          {problem ? (
            <tr>
              <td colSpan={span} className="p-0">
                {problem}
              </td>
            </tr>
          ) : loading && rows.length === 0 ? (
            Array.from({ length: Math.max(1, skeletonRows) }, (_, index) => (
              <tr key={index} aria-hidden="true">
                {selectCell(null)}
                {columns.map((column) => (
                  <td key={column.id} className="px-4 py-3">
                    <span className="block h-5 animate-pulse rounded bg-neutral-100" />
                  </td>
                ))}
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr>
              {/* Left-aligned on phones, where the table is wider than the screen. */}
              <td colSpan={span} className="px-4 py-10 text-neutral-500 sm:text-center">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={
                  onRowClick ? (event) => openOnKey(event, () => onRowClick(row)) : undefined
                }
                tabIndex={onRowClick ? 0 : undefined}
                aria-label={onRowClick && rowLabel ? rowLabel(row) : undefined}
                className={cn(
                  'group text-neutral-700 transition-opacity',
                  loading && 'opacity-50',
                  onRowClick &&
                    'cursor-pointer hover:bg-neutral-50 focus-visible:bg-primary-50/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600',
                  selection?.isSelected(row) && 'bg-primary-50/60',
                  rowClassName?.(row),
                )}
              >
                {selection &&
                  selectCell(
                    <RowCheckbox
                      checked={selection.isSelected(row)}
                      label={selection.rowLabel(selection.name(row))}
                      onChange={() => selection.toggle(row)}
                    />,
                  )}
                {columns.map((column) => (
                  <td key={column.id} className={cn('px-4 py-3 align-middle', column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Text that may be long (a 100-character team name): one line with an ellipsis, the whole text
 * on hover (title) and when its row has keyboard focus (the row grows to show it).
 */
export function TruncatedText({ text, className }: { text: string; className?: string }) {
  return (
    <span
      title={text}
      className={cn(
        'block truncate group-focus-visible:break-words group-focus-visible:whitespace-normal',
        className,
      )}
    >
      {text}
    </span>
  );
}

/** An icon button in an Actions cell; it never triggers the row's own click. */
function RowAction({ icon: Icon, label, onClick, tone = 'default' }: RowActionItem) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-md transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-600',
        tone === 'danger'
          ? 'text-danger-600 hover:bg-danger-50'
          : 'text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900',
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  );
}

/** A row action, or `false` where the signed-in user may not take it. */
type RowHandler<Row> = ((row: Row) => void) | false | undefined;

export interface ActionsColumnOptions<Row> {
  /** Names the row in every action's label: `View ${name}`, `Delete ${name}`. */
  name: (row: Row) => string;
  view?: RowHandler<Row>;
  /** A screen's own actions, shown between View and Edit (e.g. Send); `when` limits the rows. */
  more?: readonly {
    icon: LucideIcon;
    verb: string;
    onClick: (row: Row) => void;
    when?: (row: Row) => boolean;
  }[];
  edit?: RowHandler<Row>;
  remove?: RowHandler<Row>;
  /** 'Remove' where the row only leaves this list (a squad's player). */
  removeVerb?: string;
  /** Rows that can never be removed (the protected admin role). */
  canRemove?: (row: Row) => boolean;
}

/** Each icon is 2rem with a 0.25rem gap: the column fits its actions and no more. */
const ACTION_WIDTHS = ['w-24', 'w-24', 'w-28', 'w-32', 'w-36'] as const;

/**
 * The Actions column every list has: View, the screen's own actions, Edit, then Delete in the
 * danger tone, each labelled with the row's name for assistive technology.
 */
export function actionsColumn<Row>(options: ActionsColumnOptions<Row>): Column<Row> {
  const { name, view, more = [], edit, remove, removeVerb = 'Delete', canRemove } = options;
  const count = [view, edit, remove].filter(Boolean).length + more.length;
  const item = (icon: LucideIcon, verb: string, onClick: () => void, row: Row) => ({
    icon,
    verb,
    label: `${verb} ${name(row)}`,
    onClick,
  });
  const menu = (row: Row): RowActionItem[] => [
    ...(view ? [item(Eye, 'View', () => view(row), row)] : []),
    ...more
      .filter((action) => action.when?.(row) ?? true)
      .map((action) => item(action.icon, action.verb, () => action.onClick(row), row)),
    ...(edit ? [item(Pencil, 'Edit', () => edit(row), row)] : []),
    ...(remove && (canRemove?.(row) ?? true)
      ? [{ ...item(Trash2, removeVerb, () => remove(row), row), tone: 'danger' as const }]
      : []),
  ];
  return {
    id: 'actions',
    header: 'Actions',
    width: ACTION_WIDTHS[Math.min(count, ACTION_WIDTHS.length - 1)],
    menu,
    cell: (row) => (
      <div className="flex items-center gap-1">
        {menu(row).map((action) => (
          <RowAction key={action.verb} {...action} />
        ))}
      </div>
    ),
  };
}
