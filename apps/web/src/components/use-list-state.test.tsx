import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useListState } from './use-list-state';

/** The hook in the app's kind of router (a data router), on `url`; `/elsewhere` loads slowly. */
function setup(url: string, elsewhere: Promise<null> = Promise.resolve(null)) {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter(
      [
        { path: '/elsewhere', loader: () => elsewhere, element: null },
        { path: '*', element: children },
      ],
      { initialEntries: [url] },
    );
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(
    () => ({
      list: useListState({ filters: ['name', 'status'], textFilters: ['name'], debounceMs: 300 }),
      location: useLocation(),
    }),
    { wrapper },
  );
  return Object.assign(hook, { router: () => router! });
}

describe('useListState', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads page, page size and filters from the URL, with defaults 1 and 10', () => {
    expect(setup('/users').result.current.list).toMatchObject({
      page: 1,
      limit: 10,
      filters: { name: '', status: '' },
    });
    expect(setup('/users?page=3&limit=20&status=verified').result.current.list).toMatchObject({
      page: 3,
      limit: 20,
      filters: { name: '', status: 'verified' },
    });
  });

  it('ignores a page size the bar does not offer', () => {
    expect(setup('/users?limit=7').result.current.list.limit).toBe(10);
  });

  it('takes a page or page size it cannot use out of the address, and says so', () => {
    const { result } = setup('/users?page=-1&limit=7&status=verified');
    expect(result.current.list).toMatchObject({ page: 1, limit: 10, ignored: true });
    expect(result.current.location.search).toBe('?status=verified');
    // The note goes once the user changes the list.
    act(() => result.current.list.setFilter('status', 'pending'));
    expect(result.current.list.ignored).toBe(false);
  });

  it('goes back to page 1 when a select filter changes', () => {
    const { result } = setup('/users?page=4');
    act(() => result.current.list.setFilter('status', 'pending'));
    expect(result.current.list.page).toBe(1);
    expect(result.current.list.filters.status).toBe('pending');
    expect(result.current.location.search).toBe('?status=pending');
  });

  it('goes back to page 1 when the page size changes', () => {
    const { result } = setup('/users?page=4');
    act(() => result.current.list.setLimit(50));
    expect(result.current.list).toMatchObject({ page: 1, limit: 50 });
  });

  it('applies a text filter only after the user pauses typing', () => {
    const { result } = setup('/users?page=2');
    act(() => result.current.list.setFilter('name', 'ra'));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.list.setFilter('name', 'rahul'));
    expect(result.current.list.inputs.name).toBe('rahul');
    expect(result.current.list.filters.name).toBe('');
    expect(result.current.list.page).toBe(2);

    act(() => vi.advanceTimersByTime(300));
    expect(result.current.list.filters.name).toBe('rahul');
    expect(result.current.list.page).toBe(1);
  });

  it('keeps a filter chosen while a text filter is still waiting for its pause', () => {
    const { result } = setup('/users');
    act(() => result.current.list.setFilter('name', 'ra'));
    act(() => result.current.list.setFilter('status', 'pending'));
    act(() => vi.advanceTimersByTime(300));
    expect(result.current.list.filters).toEqual({ name: 'ra', status: 'pending' });
  });

  it('keeps both of two changes made before the URL caught up', () => {
    const { result } = setup('/users?page=3');
    act(() => {
      result.current.list.setFilter('status', 'pending');
      result.current.list.setLimit(20);
    });
    expect(result.current.list).toMatchObject({
      page: 1,
      limit: 20,
      filters: { status: 'pending' },
    });
  });

  it('keeps the page in the URL when paging', () => {
    const { result } = setup('/users?status=verified');
    act(() => result.current.list.setPage(3));
    expect(result.current.location.search).toBe('?status=verified&page=3');
  });

  it('drops a search that settles while another screen is loading, so opening a row wins', async () => {
    let arrive!: (value: null) => void;
    const { result, router } = setup('/users', new Promise((resolve) => (arrive = resolve)));
    act(() => result.current.list.setFilter('name', 'asha'));
    await act(async () => {
      void router().navigate('/elsewhere');
      await Promise.resolve();
    });
    await act(async () => {
      vi.advanceTimersByTime(300);
      arrive(null);
      await vi.runAllTimersAsync();
    });
    expect(router().state.location.pathname).toBe('/elsewhere');
  });
});
