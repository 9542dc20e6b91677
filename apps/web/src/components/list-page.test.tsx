import { buildPagination, LIST_MESSAGES } from '@cricket/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { listState } from '@/test/list-state';
import { isDay, ListTable, oneOf, useListPage, type ListPage } from './list-page';

interface Row {
  id: number;
  name: string;
}

const list = (overrides: Partial<ListPage<Row>>) => listState<Row>(overrides);

const down = () => new ApiError(503, 'The store is down', { fromServer: true });

function renderTable(state: ListPage<Row>) {
  render(
    <ListTable
      list={state}
      label="Rows"
      columns={[
        {
          id: 'name',
          header: 'Name',
          cell: (row: Row) => row.name,
          filter: <input aria-label="Search name" />,
        },
      ]}
      rowKey={(row) => row.id}
      emptyText="No rows"
    />,
  );
}

describe('ListTable', () => {
  it('a first load that failed shows the error and Retry, and no pager still "Loading..."', () => {
    renderTable(list({ error: down() }));
    expect(screen.getByRole('alert')).toHaveTextContent('The store is down');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('a failed load keeps the headers and filters, so a filter the server refused can be changed', () => {
    const refused = new ApiError(400, 'The start date must not be after the end date', {
      fromServer: true,
    });
    renderTable(list({ error: refused }));
    const table = screen.getByRole('table', { name: 'Rows' });
    expect(table).toContainElement(screen.getByRole('textbox', { name: 'Search name' }));
    expect(table).toContainElement(screen.getByRole('alert'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The start date must not be after the end date',
    );
  });

  it('a failed refresh of a known page keeps its pager', () => {
    renderTable(list({ error: down(), pagination: buildPagination(42, 2, 10) }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
  });

  it('the first load shows the pager loading, not empty', () => {
    renderTable(list({ loading: true, firstLoad: true, loadingPage: 1 }));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('No items to display')).not.toBeInTheDocument();
  });
});

describe('ListTable notes', () => {
  it('says quietly that a value in the address was ignored, with no alert', () => {
    renderTable(list({ ignored: true, rows: [{ id: 1, name: 'Asha' }] }));
    expect(screen.getByRole('status')).toHaveTextContent(LIST_MESSAGES.ignoredFilter);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Asha')).toBeInTheDocument();
  });

  it('a filter in error shows what to do instead of rows or a failure', () => {
    renderTable(list({ refused: true }));
    expect(screen.getByText(LIST_MESSAGES.refusedFilter)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});

describe('useListPage and values the screen cannot use', () => {
  function setup(url: string, fetchRows: (params: Record<string, string>) => unknown) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let router: ReturnType<typeof createMemoryRouter> | undefined;
    const wrapper = ({ children }: { children: ReactNode }) => {
      router ??= createMemoryRouter([{ path: '*', element: children }], {
        initialEntries: [url],
      });
      return (
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      );
    };
    const hook = renderHook(
      () => ({
        list: useListPage({
          filters: ['name', 'role_id', 'status', 'from', 'to'] as const,
          textFilters: ['name'] as const,
          checks: { status: oneOf(['pending', 'verified']), from: isDay, to: isDay },
          ranges: [['from', 'to']] as const,
          query: ({ page, limit, filters }) => ({
            queryKey: ['rows', page, limit, filters],
            queryFn: async () => fetchRows(filters),
          }),
          errorText: 'Error fetching rows',
        }),
        location: useLocation(),
      }),
      { wrapper },
    );
    return hook;
  }
  const page = { data: [], pagination: buildPagination(0, 1, 10) };
  const refuse = (field: string, message: string) =>
    Promise.reject(new ApiError(400, 'Invalid query', { errors: { [field]: [message] } }));

  it('drops a value failing its check before asking, and notes it', async () => {
    const asked = vi.fn(async () => page);
    const { result } = setup('/users?status=bogus&role_id=3', asked);
    await waitFor(() => expect(result.current.location.search).toBe('?role_id=3'));
    expect(result.current.list.ignored).toBe(true);
    expect(asked).not.toHaveBeenCalledWith(expect.objectContaining({ status: 'bogus' }));
  });

  it('drops a value from the address the server refused, with the note and no failure', async () => {
    const asked = vi.fn((f: Record<string, string>) =>
      f.role_id ? refuse('role_id', 'Invalid input: expected number, received NaN') : page,
    );
    const { result } = setup('/users?role_id=xyz', asked);
    await waitFor(() => expect(result.current.location.search).toBe(''));
    await waitFor(() => expect(result.current.list.pagination).toBeDefined());
    expect(result.current.list).toMatchObject({ ignored: true, failed: false, refused: false });
  });

  it("keeps a typed value the server refused, with the server's reason on its filter", async () => {
    const asked = vi.fn((f: Record<string, string>) =>
      f.name === '-1' ? refuse('name', 'Record id must be a whole number') : page,
    );
    const { result } = setup('/users?name=-1', asked);
    await waitFor(() => expect(result.current.list.refused).toBe(true));
    expect(result.current.list).toMatchObject({
      failed: false,
      ignored: false,
      errors: { name: 'Record id must be a whole number' },
      inputs: { name: '-1' },
    });
    expect(result.current.location.search).toBe('?name=-1');
  });

  it('a start after its end is an error on the pair, and nothing is asked', async () => {
    const asked = vi.fn(async () => page);
    const { result } = setup('/log?from=2026-02-01&to=2026-01-01', asked);
    expect(result.current.list).toMatchObject({
      refused: true,
      failed: false,
      errors: { to: LIST_MESSAGES.invertedRange },
      inputs: { from: '2026-02-01', to: '2026-01-01' },
    });
    await act(async () => {});
    expect(asked).not.toHaveBeenCalled();
  });
});

describe('useListPage and the pages beside it', () => {
  it('steps with the Link keys, asking each page once, never the one it leaves again without its key', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let router: ReturnType<typeof createMemoryRouter> | undefined;
    const wrapper = ({ children }: { children: ReactNode }) => {
      router ??= createMemoryRouter([{ path: '*', element: children }], {
        initialEntries: ['/rows'],
      });
      return (
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      );
    };
    const asked: string[] = [];
    const { result } = renderHook(
      () =>
        useListPage({
          query: ({ page, limit, pageKey }) => ({
            queryKey: ['rows', page, limit, pageKey],
            queryFn: async () => {
              asked.push(`${page}:${pageKey ?? '-'}`);
              return {
                data: [{ id: page, name: `Row ${page}` }],
                pagination: buildPagination(100, page, limit),
                pageKeys: { prev: `before-${page}`, next: `after-${page}` },
              };
            },
          }),
          errorText: 'Error fetching rows',
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.pagination?.current_page).toBe(1));
    act(() => result.current.setPage(2));
    await waitFor(() => expect(result.current.pagination?.current_page).toBe(2));
    act(() => result.current.setPage(3));
    await waitFor(() => expect(result.current.pagination?.current_page).toBe(3));
    act(() => result.current.setPage(2));
    await waitFor(() => expect(result.current.pagination?.current_page).toBe(2));
    expect(asked).toEqual(['1:-', '2:after-1', '3:after-2', '2:before-3']);
  });
});
