import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionsColumn, DataTable, type Column } from './data-table';

interface Team {
  id: number;
  name: string;
  location: string;
  status: string;
}

const rows: Team[] = [
  { id: 1, name: 'Lions', location: 'Mumbai', status: 'Active' },
  { id: 2, name: 'Tigers', location: 'Delhi', status: 'Inactive' },
];

/** jsdom has no matchMedia: this one answers for a window of the given width. */
function windowOf(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width') && width < 640,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => vi.unstubAllGlobals());

function Teams({ onOpen = vi.fn(), onEdit = vi.fn(), onDelete = vi.fn() }) {
  const columns: Column<Team>[] = [
    {
      id: 'name',
      header: 'Team Name',
      cell: (team) => team.name,
      filter: <input type="search" aria-label="Search by name" />,
    },
    { id: 'location', header: 'Location', cell: (team) => team.location },
    { id: 'secret', header: 'Internal', cell: () => 'internal note', card: 'hidden' },
    { id: 'status', header: 'Status', cell: (team) => team.status },
    actionsColumn<Team>({ name: (team) => team.name, edit: onEdit, remove: onDelete }),
  ];
  return (
    <DataTable
      label="Teams"
      columns={columns}
      rows={rows}
      rowKey={(team) => team.id}
      emptyText="No teams"
      onRowClick={onOpen}
      rowLabel={(team) => `Open ${team.name}`}
    />
  );
}

describe('DataTable', () => {
  it('is a table with a filter row on a wide screen', () => {
    windowOf(1440);
    render(<Teams />);
    const table = screen.getByRole('table', { name: 'Teams' });
    expect(within(table).getByRole('columnheader', { name: 'Location' })).toBeInTheDocument();
    expect(within(table).getByRole('searchbox', { name: 'Search by name' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Teams' })).not.toBeInTheDocument();
  });

  it('is stacked cards on a phone: title, status, labelled fields, the filters above', () => {
    windowOf(390);
    render(<Teams />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const filters = screen.getByRole('group', { name: 'Filter Teams' });
    expect(within(filters).getByRole('searchbox', { name: 'Search by name' })).toBeVisible();
    const cards = within(screen.getByRole('list', { name: 'Teams' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const lions = screen.getByRole('listitem', { name: 'Open Lions' });
    expect(lions).toHaveTextContent('Lions');
    expect(lions).toHaveTextContent('Active');
    // The location is a labelled field; the column marked hidden stays off the card.
    const location = within(lions).getByText('Location');
    expect(location.tagName).toBe('DT');
    expect(location.nextElementSibling).toHaveTextContent('Mumbai');
    expect(lions).not.toHaveTextContent('internal note');
    expect(within(lions).queryByText('Actions')).not.toBeInTheDocument();
  });

  it('stays a table on a phone with alwaysTable, in a region the keyboard can scroll', () => {
    windowOf(390);
    render(
      <DataTable
        label="Points table"
        columns={[{ id: 'name', header: 'Team', cell: (team: Team) => team.name }]}
        rows={rows}
        rowKey={(team) => team.id}
        emptyText="No teams"
        alwaysTable
      />,
    );
    expect(screen.getByRole('table', { name: 'Points table' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Points table' })).not.toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Points table, scrolls sideways' });
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('opens a card by click or Enter, and keeps its actions in a menu', async () => {
    windowOf(390);
    const user = userEvent.setup();
    const onOpen = vi.fn();
    const onDelete = vi.fn();
    render(<Teams onOpen={onOpen} onDelete={onDelete} />);
    const tigers = screen.getByRole('listitem', { name: 'Open Tigers' });
    tigers.focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(rows[1]);

    await user.click(within(tigers).getByRole('button', { name: 'Actions for Tigers' }));
    // The menu's code loads on first use, then it opens.
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Delete']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete Tigers' }));
    expect(onDelete).toHaveBeenCalledWith(rows[1]);
    // Neither the menu button nor its item opened the card.
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('offers no page checkbox to tick over an empty page', () => {
    windowOf(1440);
    const selection = {
      isSelected: () => false,
      toggle: vi.fn(),
      page: 'none' as const,
      togglePage: vi.fn(),
      name: (team: Team) => team.name,
      pageLabel: 'Select all on this page',
      rowLabel: (name: string) => `Select ${name}`,
    };
    const table = (shown: Team[]) => (
      <DataTable
        label="Teams"
        columns={[{ id: 'name', header: 'Team Name', cell: (team: Team) => team.name }]}
        rows={shown}
        rowKey={(team) => team.id}
        emptyText="No teams"
        selection={selection}
      />
    );
    const { rerender } = render(table([]));
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toBeDisabled();
    rerender(table(rows));
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toBeEnabled();
  });
});
