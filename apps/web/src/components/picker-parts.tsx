import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { controlClasses } from '@/components/ui/field-frame';
import { cn } from '@/lib/cn';
import { PaginationBar } from './pagination-bar';
import type { PagedPicker } from './use-paged-picker';

interface SearchBoxProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search field at the top of a picker (owners, players, recipients). */
function SearchBox({ label, placeholder, value, onChange }: SearchBoxProps) {
  return (
    <div className="relative mb-4">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
        aria-hidden="true"
      />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(controlClasses, 'h-10 pl-9')}
      />
    </div>
  );
}

/** 'Loading...' or the empty text, shown in place of a picker's list. */
function PickerNotice({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <p role={loading ? 'status' : undefined} className="py-8 text-center text-sm text-neutral-500">
      {loading ? 'Loading...' : children}
    </p>
  );
}

interface PagedPickerListProps<Row extends { id: number }> {
  picker: PagedPicker<Row>;
  searchLabel: string;
  searchPlaceholder: string;
  /** The list's accessible name. */
  label: string;
  className?: string;
  itemClassName?: string;
  /** Pulls the pager out to the edges of the modal or panel around the picker. */
  pagerClassName?: string;
  /** The content of one row's list item. */
  children: (row: Row) => ReactNode;
}

/**
 * The body of a usePagedPicker: the search box, its notice or its rows, then a pager when there
 * is more than one page (the page size is fixed, so the pager offers only that one).
 */
export function PagedPickerList<Row extends { id: number }>({
  picker,
  searchLabel,
  searchPlaceholder,
  label,
  className,
  itemClassName,
  pagerClassName,
  children,
}: PagedPickerListProps<Row>) {
  return (
    <>
      <SearchBox
        label={searchLabel}
        placeholder={searchPlaceholder}
        value={picker.search}
        onChange={picker.setSearch}
      />
      {picker.notice !== null ? (
        <PickerNotice loading={picker.loading}>{picker.notice}</PickerNotice>
      ) : (
        <ul aria-label={label} className={className}>
          {picker.rows.map((row) => (
            <li key={row.id} className={itemClassName}>
              {children(row)}
            </li>
          ))}
        </ul>
      )}
      {picker.pagination && picker.pagination.total_pages > 1 && (
        <div className={pagerClassName}>
          <PaginationBar
            pagination={picker.pagination}
            onPageChange={picker.setPage}
            onPageSizeChange={() => undefined}
            pageSizeOptions={[picker.pageSize]}
          />
        </div>
      )}
    </>
  );
}
