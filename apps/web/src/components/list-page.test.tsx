import { buildPagination } from '@cricket/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { ListTable, type ListPage } from './list-page';

interface Row {
  id: number;
  name: string;
}

function list(overrides: Partial<ListPage<Row>>): ListPage<Row> {
  const state = {
    rows: [],
    pagination: undefined,
    loadingPage: undefined,
    loading: false,
    firstLoad: false,
    error: null,
    errorText: 'Error fetching rows',
    retry: vi.fn(),
    retrying: false,
    setPage: vi.fn(),
    setLimit: vi.fn(),
    limit: 10,
    ...overrides,
  };
  // As useListPage derives it: an error with no load under way.
  return { failed: state.error !== null && !state.loading, ...state };
}

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
