import { PAGE_SIZE_OPTIONS, type Pagination } from '@cricket/contracts';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './ui/button';

/** Spec §9: at most 5 page-number buttons. */
const WINDOW_SIZE = 5;

/** Up to WINDOW_SIZE page numbers centred on the current page, shifted at either end. */
function pageWindow(current: number, totalPages: number): number[] {
  const half = Math.floor(WINDOW_SIZE / 2);
  const start = Math.max(1, Math.min(current - half, totalPages - WINDOW_SIZE + 1));
  const end = Math.min(totalPages, start + WINDOW_SIZE - 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}

interface PaginationBarProps {
  pagination: Pagination;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  pageSizeOptions?: readonly number[];
}

/** Spec §2 "Shared pagination bar", used under every list. */
export function PaginationBar({
  pagination,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
}: PaginationBarProps) {
  const selectId = useId();
  const { current_page: page, per_page: perPage, total, total_pages: totalPages } = pagination;
  const onlyOnePage = totalPages <= 1;
  const backDisabled = !pagination.has_prev_page || onlyOnePage;
  const forwardDisabled = !pagination.has_next_page || onlyOnePage;
  const first = (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, total);

  return (
    <nav
      aria-label="Pagination"
      className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600 md:flex-row md:items-center md:justify-between"
    >
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        {/* A list with one fixed page size (pickers) has nothing to choose. */}
        {pageSizeOptions.length > 1 && (
          <div className="flex items-center gap-2">
            <label htmlFor={selectId}>Rows per page</label>
            <select
              id={selectId}
              value={perPage}
              onChange={(event) => onPageSizeChange(Number(event.target.value))}
              className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-emerald-600 focus:ring-2 focus:ring-emerald-600/20 focus:outline-none"
            >
              {pageSizeOptions.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
        )}
        <p aria-live="polite">
          {total === 0 ? 'No items to display' : `Showing ${first}-${last} of ${total} items`}
        </p>
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p>{`Page ${page} of ${totalPages}`}</p>
        <div className="flex flex-wrap items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label="First page"
            disabled={backDisabled}
            onClick={() => onPageChange(1)}
          >
            <ChevronsLeft className="size-4" aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Previous page"
            disabled={backDisabled}
            onClick={() => onPageChange(page - 1)}
          >
            <ChevronLeft className="size-4" aria-hidden="true" />
          </Button>
          {pageWindow(page, totalPages).map((number) => (
            <button
              key={number}
              type="button"
              aria-label={`Page ${number}`}
              aria-current={number === page ? 'page' : undefined}
              onClick={() => onPageChange(number)}
              className={cn(
                'size-9 rounded-lg text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600',
                number === page ? 'bg-emerald-700 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {number}
            </button>
          ))}
          <Button
            variant="ghost"
            size="icon"
            aria-label="Next page"
            disabled={forwardDisabled}
            onClick={() => onPageChange(page + 1)}
          >
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Last page"
            disabled={forwardDisabled}
            onClick={() => onPageChange(totalPages)}
          >
            <ChevronsRight className="size-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
    </nav>
  );
}
