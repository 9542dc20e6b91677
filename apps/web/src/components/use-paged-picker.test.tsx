import { buildPagination } from '@cricket/contracts';
import { QueryClient, QueryClientProvider, keepPreviousData } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PagedPickerList } from './picker-parts';
import { usePagedPicker, type PickerPage, type PickerPageParams } from './use-paged-picker';

interface Person {
  id: number;
  name: string;
}

const PEOPLE: Person[] = Array.from({ length: 7 }, (_, index) => ({
  id: index + 1,
  name: index % 2 === 0 ? `Alice ${index + 1}` : `Bob ${index + 1}`,
}));

/** A server of people: searches names, pages them, and records every question it is asked. */
function peopleServer(people: Person[]) {
  const asked: PickerPageParams[] = [];
  const query = (params: PickerPageParams) => ({
    queryKey: ['people', params] as const,
    queryFn: async (): Promise<PickerPage<Person>> => {
      asked.push(params);
      const found = people.filter((p) => !params.search || p.name.includes(params.search));
      const start = (params.page - 1) * params.limit;
      return {
        data: found.slice(start, start + params.limit),
        pagination: buildPagination(found.length, params.page, params.limit),
      };
    },
    placeholderData: keepPreviousData,
  });
  return { asked, query };
}

function Picker({
  server,
  enabled = true,
}: {
  server: ReturnType<typeof peopleServer>;
  enabled?: boolean;
}) {
  const [chosen, setChosen] = useState<number[]>([]);
  const picker = usePagedPicker({
    query: server.query,
    pageSize: 3,
    debounceMs: 10,
    enabled,
    selectedIds: chosen,
    emptyText: 'Nobody here',
    noMatchText: 'Nobody matches',
  });
  return (
    <>
      <button type="button" onClick={picker.reset}>
        Reset
      </button>
      <PagedPickerList
        picker={picker}
        searchLabel="Search people"
        searchPlaceholder="Name"
        label="People"
      >
        {(person) => (
          <button
            type="button"
            aria-pressed={picker.isSelected(person)}
            onClick={() => setChosen((ids) => [...ids, person.id])}
          >
            {person.name}
          </button>
        )}
      </PagedPickerList>
    </>
  );
}

function renderPicker(people: Person[], enabled = true) {
  const server = peopleServer(people);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <Picker server={server} enabled={enabled} />
    </QueryClientProvider>,
  );
  return { server, view };
}

const names = () => screen.getAllByRole('listitem').map((item) => item.textContent);

describe('usePagedPicker', () => {
  it('says it is loading, then shows the first page with a pager, and pages on the server', async () => {
    const { server } = renderPicker(PEOPLE);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await screen.findByRole('list', { name: 'People' });
    expect(names()).toEqual(['Alice 1', 'Bob 2', 'Alice 3']);

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(names()).toEqual(['Alice 7']));
    expect(server.asked.at(-1)).toEqual({ page: 3, limit: 3, search: undefined });
  });

  it('sends the trimmed search once typing settles, from page 1, and says when nothing matches', async () => {
    const { server } = renderPicker(PEOPLE);
    await screen.findByRole('list', { name: 'People' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(names()).toEqual(['Bob 4', 'Alice 5', 'Bob 6']));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search people' }), ' Bob ');
    await waitFor(() => expect(names()).toEqual(['Bob 2', 'Bob 4', 'Bob 6']));
    expect(server.asked.at(-1)).toEqual({ page: 1, limit: 3, search: 'Bob' });
    // One page of matches: no pager.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search people' }), 'by');
    expect(await screen.findByText('Nobody matches')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('searchbox', { name: 'Search people' })).toHaveValue('');
    await waitFor(() => expect(names()).toEqual(['Alice 1', 'Bob 2', 'Alice 3']));
  });

  it('shows the empty text when there is nobody at all', async () => {
    renderPicker([]);
    expect(await screen.findByText('Nobody here')).toBeInTheDocument();
  });

  it('marks the rows whose ids are selected', async () => {
    renderPicker(PEOPLE);
    await screen.findByRole('list', { name: 'People' });
    await userEvent.click(screen.getByRole('button', { name: 'Bob 2' }));
    expect(screen.getByRole('button', { name: 'Bob 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Alice 1' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('asks the server nothing while disabled', async () => {
    const { server } = renderPicker(PEOPLE, false);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search people' }), 'Bob');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(server.asked).toEqual([]);
  });
});
