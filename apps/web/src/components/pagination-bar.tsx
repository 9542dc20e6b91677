import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  buildPagination,
  type Pagination,
} from '@cricket/contracts';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { pagerText } from './list-paging';
import { Button } from './ui/button';
import { Select } from './ui/select';

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
  /** Undefined until the first page arrives. */
  pagination: Pagination | undefined;
  /** The page being fetched: the bar names it instead of the page still on screen. */
  loadingPage?: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  pageSizeOptions?: readonly number[];
}

/** Spec §2 "Shared pagination bar", used under every list. */
export function PaginationBar({
  pagination: known,
  loadingPage,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
}: PaginationBarProps) {
  const selectId = useId();
  const text = pagerText(known, loadingPage);
  const pagination = known ?? buildPagination(0, loadingPage ?? 1, DEFAULT_PAGE_SIZE);
  const { per_page: perPage, total_pages: totalPages } = pagination;
  const page = Math.min(loadingPage ?? pagination.current_page, totalPages);
  const onlyOnePage = totalPages <= 1;
  const backDisabled = page <= 1 || onlyOnePage;
  const forwardDisabled = page >= totalPages || onlyOnePage;

  return (
    <nav
      aria-label="Pagination"
      className="@container flex flex-col gap-3 border-t border-neutral-200 px-4 py-3 text-sm text-neutral-600 md:flex-row md:items-center md:justify-between"
    >
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        {/* A list with one fixed page size (pickers) has nothing to choose. */}
        {pageSizeOptions.length > 1 && (
          <div className="flex items-center gap-2">
            <label htmlFor={selectId}>Rows per page</label>
            <Select
              id={selectId}
              value={String(perPage)}
              onChange={(value) => onPageSizeChange(Number(value))}
              options={pageSizeOptions.map((size) => ({
                value: String(size),
                label: String(size),
              }))}
              className="h-8 w-20 py-1"
            />
          </div>
        )}
        <p aria-live="polite">{text.summary}</p>
      </div>

      <div className="flex items-center gap-x-4">
        <p className="whitespace-nowrap">{text.position}</p>
        <div className="flex items-center gap-1">
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
                'size-9 rounded-lg text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600',
                // The bar keeps to one line however narrow its place (a phone, a picker in a
                // modal): the current page alone, then its neighbours, then all five as the bar
                // widens; First and Last reach the rest ("Page 4 of 9" says where you are).
                Math.abs(number - page) > 1 && 'hidden @xl:block',
                Math.abs(number - page) === 1 && 'hidden @md:block',
                number === page
                  ? 'bg-solid-primary text-white'
                  : 'text-neutral-700 hover:bg-neutral-100',
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
