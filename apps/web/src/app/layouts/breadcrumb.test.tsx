import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RouteHandle } from '@/lib/route-handle';
import { Breadcrumb } from './breadcrumb';

/** The shell's shape: the breadcrumb over the pages, the not-found route catching the rest. */
const pages: RouteObject[] = [
  { index: true, element: null },
  { path: 'users', element: null },
  { path: 'users/view', element: null },
  {
    path: 'email-templates',
    children: [
      { path: ':id', element: null },
      { path: ':id/edit', element: null },
    ],
  },
  { path: 'wa-template-categories', element: null },
  {
    path: 'wa-templates',
    element: null,
    handle: { title: 'WhatsApp Templates', crumb: 'WA Templates' },
  },
  {
    path: 'wa/templates/view/:id',
    element: null,
    handle: {
      title: 'WhatsApp Template',
      crumbs: {
        '/wa': { label: 'WA' },
        '/wa/templates': { label: 'Templates', to: '/wa-templates' },
        '/wa/templates/view': { label: 'View' },
      },
    } satisfies RouteHandle,
  },
  { path: '*', element: null },
];

function renderAt(path: string) {
  const shell = () => (
    <>
      <Breadcrumb />
      <Outlet />
    </>
  );
  const router = createMemoryRouter([{ Component: shell, children: pages }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
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
    const nav = renderAt('/email-templates/3/edit');
    expect(within(nav).getByRole('link', { name: 'Email Templates' })).toHaveAttribute(
      'href',
      '/email-templates',
    );
    expect(within(nav).getByRole('link', { name: '3' })).toHaveAttribute(
      'href',
      '/email-templates/3',
    );
    expect(within(nav).getByText('Edit')).toHaveAttribute('aria-current', 'page');
  });

  it('never links a segment that is no page to Page not found', () => {
    const nav = renderAt('/reports/monthly/2026');
    expect(within(nav).getAllByRole('link')).toHaveLength(1); // Home
    expect(within(nav).getByText('Reports')).toBeInTheDocument();
    expect(within(nav).getByText('Monthly')).toBeInTheDocument();
  });

  it("takes the words and targets the page's route gives for segments that are no page", () => {
    const nav = renderAt('/wa/templates/view/7');
    // Home and 'Templates', which leads to the list the template belongs to.
    expect(within(nav).getAllByRole('link')).toHaveLength(2);
    expect(within(nav).getByRole('link', { name: 'Templates' })).toHaveAttribute(
      'href',
      '/wa-templates',
    );
    expect(within(nav).getByText('WA')).not.toHaveAttribute('href');
    expect(within(nav).getByText('View')).not.toHaveAttribute('href');
    expect(within(nav).getByText('7')).toHaveAttribute('aria-current', 'page');
  });

  it("names a page by its route's crumb where its letters read wrong", () => {
    const nav = renderAt('/wa-templates');
    expect(within(nav).getByText('WA Templates')).toHaveAttribute('aria-current', 'page');
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
