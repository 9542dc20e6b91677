import { BULK_SELECTION_LABELS as L, buildPagination } from '@cricket/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { listState } from '@/test/list-state';
import { ListTable } from './list-page';

interface Row {
  id: number;
  name: string;
}

const ROWS: Row[] = [
  { id: 1, name: 'Alpha' },
  { id: 2, name: 'Bravo' },
  { id: 3, name: 'Charlie' },
];

function renderList(actions: readonly ('delete' | 'set_status' | false)[]) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ListTable
            list={listState<Row>({ rows: ROWS, pagination: buildPagination(25, 1, 10) })}
            label="Teams"
            columns={[{ id: 'name', header: 'Name', cell: (row: Row) => row.name }]}
            rowKey={(row) => row.id}
            emptyText="No rows"
            bulk={{
              list: 'teams',
              actions,
              query: { search: 'a' },
              name: (row) => row.name,
              refresh: [['teams']],
            }}
          />
        ),
      },
    ],
    { initialEntries: ['/teams?search=a'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

// A shared, loaded machine: a test of many clicks can outlast the default 5 s.
describe('the list kit’s bulk bar', { timeout: 30_000 }, () => {
  it('selects rows and the page with the keyboard, offers all matching, and clears', async () => {
    const user = userEvent.setup();
    renderList(['delete']);
    const page = screen.getByRole('checkbox', { name: L.selectPage });
    expect(screen.queryByRole('region', { name: L.region })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: L.selectRow('Bravo') }));
    expect((page as HTMLInputElement).indeterminate).toBe(true);
    const bar = screen.getByRole('region', { name: L.region });
    expect(bar).toHaveTextContent(L.selected(1));
    expect(within(bar).queryByRole('button', { name: L.selectAllMatching(25) })).toBeNull();

    // The page's checkbox, from the keyboard: Space.
    page.focus();
    await user.keyboard(' ');
    expect(page).toBeChecked();
    expect((page as HTMLInputElement).indeterminate).toBe(false);
    expect(bar).toHaveTextContent(L.selected(3));
    await user.click(within(bar).getByRole('button', { name: L.selectAllMatching(25) }));
    expect(bar).toHaveTextContent(L.selected(25));
    expect(bar).toHaveTextContent(L.allMatching(25));

    await user.click(within(bar).getByRole('button', { name: L.clear }));
    expect(screen.queryByRole('region', { name: L.region })).not.toBeInTheDocument();
    expect(page).not.toBeChecked();
  });

  it('asks once before deleting, naming the count; Escape closes and focus goes back', async () => {
    const user = userEvent.setup();
    renderList(['delete']);
    await user.click(screen.getByRole('checkbox', { name: L.selectRow('Alpha') }));
    await user.click(screen.getByRole('checkbox', { name: L.selectRow('Charlie') }));
    const remove = screen.getByRole('button', { name: L.delete });
    await user.click(remove);
    const ask = await screen.findByRole('alertdialog', { name: 'Delete 2 teams?' });
    expect(ask).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
  });

  it('offers no checkboxes where the user may take none of the actions', () => {
    renderList([false, false]);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
