import { useCallback, useState } from 'react';

/** A row's id as the list keys it and the bulk job names it. */
export type RowId = string | number;

/**
 * What the user has selected on a list: rows picked by hand (on any page), or every row that
 * matches the list's filters, including pages never loaded. The job is told which: `ids` or
 * the list's `query`.
 */
export type Selection =
  { readonly kind: 'picked'; readonly ids: ReadonlySet<RowId> } | { readonly kind: 'matching' };

export const NOTHING_SELECTED: Selection = { kind: 'picked', ids: new Set() };

/** How much of the page on screen is selected: the page checkbox's checked or mixed state. */
export function pageState(
  selection: Selection,
  pageIds: readonly RowId[],
): 'none' | 'some' | 'all' {
  if (pageIds.length === 0) return 'none';
  if (selection.kind === 'matching') return 'all';
  const chosen = pageIds.filter((id) => selection.ids.has(id)).length;
  return chosen === 0 ? 'none' : chosen === pageIds.length ? 'all' : 'some';
}

export function isSelected(selection: Selection, id: RowId): boolean {
  return selection.kind === 'matching' || selection.ids.has(id);
}

/**
 * One row's checkbox. Taking a row out of 'all matching' leaves the rest of the page picked:
 * the rows the user can see stay as they see them, the unseen pages drop out.
 */
export function toggleRow(selection: Selection, id: RowId, pageIds: readonly RowId[]): Selection {
  if (selection.kind === 'matching')
    return { kind: 'picked', ids: new Set(pageIds.filter((other) => other !== id)) };
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { kind: 'picked', ids };
}

/** The page's checkbox: a page wholly selected is cleared, any other becomes wholly selected. */
export function togglePage(selection: Selection, pageIds: readonly RowId[]): Selection {
  if (selection.kind === 'matching') return NOTHING_SELECTED;
  const ids = new Set(selection.ids);
  if (pageState(selection, pageIds) === 'all') for (const id of pageIds) ids.delete(id);
  else for (const id of pageIds) ids.add(id);
  return { kind: 'picked', ids };
}

/** How many rows an action would touch; `total` is the list's count under its filters. */
export function selectedCount(selection: Selection, total: number): number {
  return selection.kind === 'matching' ? total : selection.ids.size;
}

/**
 * Whether to offer 'Select all N matching': the page on screen is wholly selected and the
 * list has rows beyond what is selected.
 */
export function offersAllMatching(
  selection: Selection,
  pageIds: readonly RowId[],
  total: number,
): boolean {
  return (
    selection.kind === 'picked' &&
    pageState(selection, pageIds) === 'all' &&
    total > selection.ids.size
  );
}

/** What a bulk job is given: the picked ids, or the list's filters for 'all matching'. */
export function jobTarget<Query>(
  selection: Selection,
  query: Query,
): { ids: RowId[] } | { query: Query } {
  return selection.kind === 'matching' ? { query } : { ids: [...selection.ids] };
}

/**
 * A list's selection, kept while the user pages or sorts and dropped when `scope` (the list's
 * filters) changes: rows picked under other filters, or 'all matching' of another filter,
 * would act on rows the user no longer sees.
 */
export function useSelection(scope: string) {
  const [state, setState] = useState({ scope, selection: NOTHING_SELECTED });
  // Reset while rendering, the React way to follow an input: no frame shows the old selection.
  let current = state;
  if (state.scope !== scope) {
    current = { scope, selection: NOTHING_SELECTED };
    setState(current);
  }
  const update = useCallback(
    (change: (selection: Selection) => Selection) =>
      setState((previous) => ({ ...previous, selection: change(previous.selection) })),
    [],
  );
  const clear = useCallback(() => update(() => NOTHING_SELECTED), [update]);
  return { selection: current.selection, update, clear };
}
