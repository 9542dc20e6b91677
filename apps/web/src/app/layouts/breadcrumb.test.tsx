import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Breadcrumb } from './breadcrumb';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Breadcrumb />
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Breadcrumb' });
}

describe('Breadcrumb', () => {
  it('starts with a Home link to the root', () => {
    const nav = renderAt('/users');
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('links every segment but the last, which is plain text', () => {
    const nav = renderAt('/users/view');
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
    expect(within(nav).queryByRole('link', { name: 'View' })).not.toBeInTheDocument();
    expect(within(nav).getByText('View')).toHaveAttribute('aria-current', 'page');
  });

  it('turns hyphenated segments into capitalised words', () => {
    const nav = renderAt('/wa-template-categories');
    expect(within(nav).getByText('Wa Template Categories')).toBeInTheDocument();
  });

  it('builds each link from the segments before it', () => {
    const nav = renderAt('/wa/templates/view/7');
    expect(within(nav).getByRole('link', { name: 'Wa' })).toHaveAttribute('href', '/wa');
    expect(within(nav).getByRole('link', { name: 'Templates' })).toHaveAttribute(
      'href',
      '/wa/templates',
    );
    expect(within(nav).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/wa/templates/view',
    );
    expect(within(nav).getByText('7')).toHaveAttribute('aria-current', 'page');
  });

  it('hides everything but the last segment on small screens', () => {
    const nav = renderAt('/email-templates/3');
    expect(within(nav).getByRole('link', { name: 'Home' }).closest('li')).toHaveClass(
      'hidden',
      'sm:flex',
    );
    expect(within(nav).getByRole('link', { name: 'Email Templates' }).closest('li')).toHaveClass(
      'hidden',
    );
    expect(within(nav).getByText('3').closest('li')).not.toHaveClass('hidden');
  });

  it('adds an ellipsis on small screens only when the path is deeper than two segments', () => {
    renderAt('/wa/templates/view/7');
    expect(screen.getByTestId('breadcrumb-ellipsis')).toHaveClass('sm:hidden');
    expect(screen.getByTestId('breadcrumb-ellipsis')).toHaveTextContent('…');
  });

  it('has no ellipsis for a path of two segments', () => {
    renderAt('/users/view');
    expect(screen.queryByTestId('breadcrumb-ellipsis')).not.toBeInTheDocument();
  });

  it('shows only Home at the root', () => {
    const nav = renderAt('/');
    expect(within(nav).getAllByRole('listitem')).toHaveLength(1);
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeVisible();
  });
});
