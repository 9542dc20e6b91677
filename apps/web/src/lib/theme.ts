import { useSyncExternalStore } from 'react';

/**
 * Light and dark (issue 33): the system's choice unless the person picked one in the user menu,
 * remembered in this browser. The resolved theme is `data-theme` on <html>; index.css swaps the
 * colour tokens under it, so no screen knows which theme it is drawn in.
 */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export const THEME_LABELS: Record<ThemeChoice, string> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
};

const KEY = 'theme';
const listeners = new Set<() => void>();
const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)');

function stored(): ThemeChoice {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    // Storage refused (a locked-down browser): the system decides.
    return 'system';
  }
}

function apply() {
  const choice = stored();
  const dark = choice === 'dark' || (choice === 'system' && systemDark().matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  for (const l of listeners) l();
}

/** Applies the remembered choice now, and again whenever the system's theme changes. */
export function startTheme() {
  apply();
  systemDark().addEventListener('change', apply);
  // Another tab of the app changed it.
  window.addEventListener('storage', (e) => {
    if (e.key === KEY) apply();
  });
}

export function setTheme(choice: ThemeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // Not remembered, but still applied below for this page.
  }
  apply();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The person's choice (system, light or dark). */
export const useThemeChoice = () => useSyncExternalStore(subscribe, stored);
