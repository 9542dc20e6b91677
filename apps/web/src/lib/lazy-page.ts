import type { ComponentType } from 'react';

/**
 * Runs a chunk import, and once more if it fails: a dropped connection or a deploy racing the
 * click usually succeeds on the second try. A second failure reaches the route's error page.
 */
export function retryOnce<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(() => load());
}

/** What a menu whose code loads on first use (the user menu, a card's actions) says if it cannot. */
export const MENU_LOAD_FAILED =
  'The menu could not be loaded. Check your connection and try again.';

/**
 * The `lazy` of a route whose screen lives in its own chunk, e.g.
 * `lazy: lazyPage(() => import('./components/users-page'), 'UsersPage')`. The function form on
 * purpose: with React Router's per-property form (`lazy: { Component }`) a rejected import left
 * the whole app blank instead of reaching the route's error page.
 */
export function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: (await retryOnce(load))[name] as ComponentType });
}
