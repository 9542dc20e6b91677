import { APP_VERSION } from '@cricket/contracts';

export function Footer() {
  return (
    <footer className="flex flex-col items-center gap-1 border-t border-neutral-200 bg-surface px-4 py-4 text-xs text-neutral-500 sm:flex-row sm:justify-between sm:px-6">
      <p>© {new Date().getFullYear()} Cricket Admin. All rights reserved.</p>
      <p>
        Made with <span aria-label="love">♥</span> by the Cricket Platform team
        <span className="mx-2 text-neutral-300" aria-hidden="true">
          |
        </span>
        <span>v{APP_VERSION}</span>
      </p>
    </footer>
  );
}
