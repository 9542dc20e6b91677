import type { Pagination } from '@cricket/contracts';

/**
 * The page a list must move to after the server answered `pagination` for `requested`, or null
 * when the requested page is a real one. A page past the end (the URL asked for it, or a delete
 * emptied the last page) becomes the last real page; an empty list has page 1.
 */
export function correctedPage(requested: number, pagination: Pagination): number | null {
  const last = Math.max(1, pagination.total_pages);
  return requested > last ? last : null;
}

export interface PagerText {
  /** 'Showing 1-10 of 42 items', 'No items to display' or 'Loading...'. */
  summary: string;
  /** 'Page 2 of 5', or 'Page 2' while the number of pages is not known. */
  position: string;
}

/**
 * What the pagination bar says. While `loadingPage` is set it names the page being loaded and
 * never claims the list is empty; it never shows a page past the last one ('Page 3 of 2').
 */
export function pagerText(pagination: Pagination | undefined, loadingPage?: number): PagerText {
  if (loadingPage !== undefined || pagination === undefined) {
    const page = loadingPage ?? 1;
    const known = pagination !== undefined && page <= pagination.total_pages;
    return {
      summary: 'Loading...',
      position: known ? `Page ${page} of ${pagination.total_pages}` : `Page ${page}`,
    };
  }
  const { current_page: page, per_page: perPage, total, total_pages: totalPages } = pagination;
  if (total === 0) return { summary: 'No items to display', position: 'Page 1 of 1' };
  const first = (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, total);
  return {
    summary: `Showing ${first}-${last} of ${total} items`,
    position: `Page ${page} of ${totalPages}`,
  };
}
