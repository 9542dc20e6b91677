import { buildPagination } from '@cricket/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PaginationBar } from './pagination-bar';

function renderBar(total: number, page: number, perPage = 10) {
  const onPageChange = vi.fn();
  const onPageSizeChange = vi.fn();
  render(
    <PaginationBar
      pagination={buildPagination(total, page, perPage)}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
    />,
  );
  return { onPageChange, onPageSizeChange };
}

function pageNumbers(): number[] {
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  return within(nav)
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => Number(button.textContent));
}

describe('PaginationBar', () => {
  it('shows the item range and the page position', () => {
    renderBar(47, 2);
    expect(screen.getByText('Showing 11-20 of 47 items')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
  });

  it('ends the range at the total on the last page', () => {
    renderBar(47, 5);
    expect(screen.getByText('Showing 41-47 of 47 items')).toBeInTheDocument();
  });

  it('says there is nothing to show for an empty list', () => {
    renderBar(0, 1);
    expect(screen.getByText('No items to display')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('centres a window of five page numbers on the current page', () => {
    renderBar(200, 10);
    expect(pageNumbers()).toEqual([8, 9, 10, 11, 12]);
    expect(screen.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 9' })).not.toHaveAttribute('aria-current');
  });

  it('shifts the window at the first and last pages', () => {
    renderBar(200, 1);
    expect(pageNumbers()).toEqual([1, 2, 3, 4, 5]);
  });

  it('shifts the window at the last pages', () => {
    renderBar(200, 19);
    expect(pageNumbers()).toEqual([16, 17, 18, 19, 20]);
  });

  it('shows only the pages that exist when there are fewer than five', () => {
    renderBar(25, 2);
    expect(pageNumbers()).toEqual([1, 2, 3]);
  });

  it('disables first and previous on the first page, next and last stay enabled', () => {
    renderBar(30, 1);
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeEnabled();
  });

  it('disables next and last on the last page', () => {
    renderBar(30, 3);
    expect(screen.getByRole('button', { name: 'First page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
  });

  it('disables all four when there is only one page', () => {
    renderBar(4, 1);
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
  });

  it('asks for the right page from each button', async () => {
    const user = userEvent.setup();
    const { onPageChange } = renderBar(100, 5);
    await user.click(screen.getByRole('button', { name: 'First page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await user.click(screen.getByRole('button', { name: 'Page 7' }));
    expect(onPageChange.mock.calls).toEqual([[1], [4], [6], [10], [7]]);
  });

  it('offers 5, 10, 20 and 50 rows per page and reports a change', async () => {
    const user = userEvent.setup();
    const { onPageSizeChange } = renderBar(100, 3);
    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(select).toHaveValue('10');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5', '10', '20', '50']);
    await user.selectOptions(select, '20');
    expect(onPageSizeChange).toHaveBeenCalledWith(20);
  });

  it('names the page being loaded instead of claiming an empty list', () => {
    render(
      <PaginationBar
        pagination={undefined}
        loadingPage={2}
        onPageChange={vi.fn()}
        onPageSizeChange={vi.fn()}
      />,
    );
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.queryByText('No items to display')).not.toBeInTheDocument();
  });

  it('leaves out the rows-per-page choice when a picker has one fixed page size', () => {
    render(
      <PaginationBar
        pagination={buildPagination(45, 1, 20)}
        onPageChange={vi.fn()}
        onPageSizeChange={vi.fn()}
        pageSizeOptions={[20]}
      />,
    );
    expect(screen.queryByLabelText('Rows per page')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1-20 of 45 items')).toBeInTheDocument();
  });
});
