import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  isSelected,
  jobTarget,
  NOTHING_SELECTED,
  offersAllMatching,
  pageState,
  selectedCount,
  toggleRow,
  togglePage,
  useSelection,
  type Selection,
} from './bulk-selection';

const PAGE_1 = [1, 2, 3];
const PAGE_2 = [4, 5, 6];
const picked = (...ids: number[]): Selection => ({ kind: 'picked', ids: new Set(ids) });
const ids = (selection: Selection) =>
  selection.kind === 'picked' ? [...selection.ids].sort() : 'matching';

describe('bulk selection', () => {
  it('picks and unpicks single rows, and the page checkbox follows: none, some, all', () => {
    let selection = NOTHING_SELECTED;
    expect(pageState(selection, PAGE_1)).toBe('none');
    selection = toggleRow(selection, 2, PAGE_1);
    expect(pageState(selection, PAGE_1)).toBe('some');
    expect(isSelected(selection, 2)).toBe(true);
    expect(isSelected(selection, 1)).toBe(false);
    selection = toggleRow(toggleRow(selection, 1, PAGE_1), 3, PAGE_1);
    expect(pageState(selection, PAGE_1)).toBe('all');
    selection = toggleRow(selection, 3, PAGE_1);
    expect(ids(selection)).toEqual([1, 2]);
  });

  it('the page checkbox selects the whole page from none or some, and clears a full page', () => {
    expect(ids(togglePage(NOTHING_SELECTED, PAGE_1))).toEqual([1, 2, 3]);
    expect(ids(togglePage(picked(2), PAGE_1))).toEqual([1, 2, 3]);
    expect(ids(togglePage(picked(1, 2, 3), PAGE_1))).toEqual([]);
    expect(pageState(NOTHING_SELECTED, [])).toBe('none');
  });

  it('keeps rows picked on other pages while paging', () => {
    const selection = togglePage(toggleRow(NOTHING_SELECTED, 1, PAGE_1), PAGE_2);
    expect(ids(selection)).toEqual([1, 4, 5, 6]);
    expect(pageState(selection, PAGE_1)).toBe('some');
    expect(pageState(selection, PAGE_2)).toBe('all');
    // Clearing page 2 leaves page 1's pick alone.
    expect(ids(togglePage(selection, PAGE_2))).toEqual([1]);
    expect(selectedCount(selection, 100)).toBe(4);
  });

  it("offers 'all matching' only when the page is full and more rows match", () => {
    expect(offersAllMatching(picked(1, 2), PAGE_1, 30)).toBe(false);
    expect(offersAllMatching(picked(1, 2, 3), PAGE_1, 30)).toBe(true);
    // The page is every matching row: nothing more to offer.
    expect(offersAllMatching(picked(1, 2, 3), PAGE_1, 3)).toBe(false);
    expect(offersAllMatching({ kind: 'matching' }, PAGE_1, 30)).toBe(false);
  });

  it("'all matching' counts the list's total, checks every row, and sends the filters", () => {
    const all: Selection = { kind: 'matching' };
    expect(selectedCount(all, 1234)).toBe(1234);
    expect(isSelected(all, 999)).toBe(true);
    expect(pageState(all, PAGE_2)).toBe('all');
    expect(jobTarget(all, { status: 'pending' })).toEqual({ query: { status: 'pending' } });
    expect(jobTarget(picked(3, 1), { status: 'pending' })).toEqual({ ids: [3, 1] });
  });

  it("unpicking a row of 'all matching' keeps the rest of the page; the page box clears all", () => {
    const all: Selection = { kind: 'matching' };
    expect(ids(toggleRow(all, 2, PAGE_1))).toEqual([1, 3]);
    expect(ids(togglePage(all, PAGE_1))).toEqual([]);
  });

  it('resets when the filters change, not otherwise', () => {
    const { result, rerender } = renderHook(({ scope }) => useSelection(scope), {
      initialProps: { scope: '{"status":"pending"}' },
    });
    act(() => result.current.update((current) => togglePage(current, PAGE_1)));
    expect(ids(result.current.selection)).toEqual([1, 2, 3]);
    rerender({ scope: '{"status":"pending"}' });
    expect(ids(result.current.selection)).toEqual([1, 2, 3]);
    rerender({ scope: '{"status":"verified"}' });
    expect(ids(result.current.selection)).toEqual([]);
    act(() => result.current.update(() => ({ kind: 'matching' })));
    act(() => result.current.clear());
    expect(ids(result.current.selection)).toEqual([]);
  });
});
