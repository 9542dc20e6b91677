import { APP_VERSION } from '@cricket/contracts';

export function Footer() {
  return (
    <footer className="flex flex-col items-center gap-1 border-t border-slate-200 bg-white px-4 py-4 text-xs text-slate-500 sm:flex-row sm:justify-between sm:px-6">
      <p>© {new Date().getFullYear()} Cricket Admin. All rights reserved.</p>
      <p>
        Made with <span aria-label="love">♥</span> by the Cricket Platform team
        <span className="mx-2 text-slate-300" aria-hidden="true">
          |
        </span>
        <span>v{APP_VERSION}</span>
      </p>
    </footer>
  );
}
