import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { usePanelState } from './use-panel-state';

/** Renders `use` inside the app's kind of router (a data router), starting at `url`. */
function inRouter<T>(use: () => T, url = '/list') {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '*', element: children }], { initialEntries: [url] });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(() => ({ panel: use(), location: useLocation() }), { wrapper });
  return Object.assign(hook, { router: () => router! });
}

describe('usePanelState', () => {
  it('opens in a mode with its record and closes', () => {
    const { result } = inRouter(() => usePanelState<'create' | 'edit', { id: number }>());
    expect(result.current.panel.mode).toBeNull();
    act(() => result.current.panel.open('edit', { id: 3 }));
    expect(result.current.panel.mode).toBe('edit');
    expect(result.current.panel.isOpen('create', 'edit')).toBe(true);
    expect(result.current.panel.isOpen('create')).toBe(false);
    expect(result.current.panel.record).toEqual({ id: 3 });
    act(() => result.current.panel.onOpenChange(false));
    expect(result.current.panel.mode).toBeNull();
    expect(result.current.panel.isOpen('edit')).toBe(false);
  });

  it('keeps the record after closing, for the panel animating out, but not as the open one', () => {
    const { result } = inRouter(() => usePanelState<'edit', string>());
    act(() => result.current.panel.open('edit', 'Mumbai'));
    act(() => result.current.panel.close());
    expect(result.current.panel.record).toBe('Mumbai');
    expect(result.current.panel.openRecord).toBeNull();
  });

  it('opens create without a record, dropping the last one', () => {
    const { result } = inRouter(() => usePanelState<'create' | 'edit', string>());
    act(() => result.current.panel.open('edit', 'Mumbai'));
    act(() => result.current.panel.open('create'));
    expect(result.current.panel.record).toBeNull();
  });

  it('gives each panel only the record it was opened with', () => {
    const { result } = inRouter(() => usePanelState<'view' | 'edit', string>());
    act(() => result.current.panel.open('view', 'Mumbai'));
    expect(result.current.panel.recordFor('view')).toBe('Mumbai');
    expect(result.current.panel.recordFor('edit')).toBeNull();
  });

  describe('with routes', () => {
    const options = {
      routes: { view: '/templates/:id', edit: '/templates/:id/edit' },
      closedPath: '/templates',
    };

    it('reads the mode and id from the URL, so a reload opens the same panel', () => {
      const { result } = inRouter(
        () => usePanelState<'create' | 'view' | 'edit'>(options),
        '/templates/12/edit',
      );
      expect(result.current.panel.mode).toBe('edit');
      expect(result.current.panel.record).toBe(12);
    });

    it('treats an id that cannot be a record as no panel', () => {
      const { result } = inRouter(
        () => usePanelState<'create' | 'view' | 'edit'>(options),
        '/templates/99999999999',
      );
      expect(result.current.panel.mode).toBeNull();
    });

    it('writes routed modes to the path, keeping the list query, and back closes the panel', async () => {
      const { result, router } = inRouter(
        () => usePanelState<'create' | 'view' | 'edit'>(options),
        '/templates?page=2',
      );
      act(() => result.current.panel.open('view', 7));
      expect(result.current.location.pathname).toBe('/templates/7');
      expect(result.current.location.search).toBe('?page=2');
      expect(result.current.panel.isOpen('view')).toBe(true);

      await act(() => router().navigate(-1));
      expect(result.current.location.pathname).toBe('/templates');
      expect(result.current.panel.mode).toBeNull();
      expect(result.current.panel.record).toBe(7);
    });

    it('closes a routed panel by going to the list path', () => {
      const { result } = inRouter(
        () => usePanelState<'create' | 'view' | 'edit'>(options),
        '/templates/7?status=draft',
      );
      act(() => result.current.panel.close());
      expect(result.current.location.pathname).toBe('/templates');
      expect(result.current.location.search).toBe('?status=draft');
      expect(result.current.panel.mode).toBeNull();
    });

    it('keeps modes without a route in state, leaving the URL alone', () => {
      const { result } = inRouter(
        () => usePanelState<'create' | 'view' | 'edit'>(options),
        '/templates',
      );
      act(() => result.current.panel.open('create'));
      expect(result.current.panel.mode).toBe('create');
      expect(result.current.location.pathname).toBe('/templates');
      act(() => result.current.panel.close());
      expect(result.current.panel.mode).toBeNull();
    });
  });
});
