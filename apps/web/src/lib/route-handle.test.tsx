import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useDocumentTitle, type RouteHandle } from './route-handle';

function Titled() {
  useDocumentTitle();
  return <Outlet />;
}

describe('useDocumentTitle', () => {
  it("titles the tab after the deepest route's handle, and follows navigation", async () => {
    const router = createMemoryRouter(
      [
        {
          Component: Titled,
          children: [
            {
              path: 'users',
              handle: { title: 'Users' } satisfies RouteHandle,
              children: [{ path: 'view', element: null, handle: { title: 'User Profile' } }],
            },
            { path: 'untitled', element: null },
          ],
        },
      ],
      { initialEntries: ['/users/view'] },
    );
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('User Profile · Cricket Admin');
    await act(() => router.navigate('/untitled'));
    expect(document.title).toBe('Cricket Admin');
  });
});
