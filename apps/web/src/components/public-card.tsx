import type { ReactNode } from 'react';
import { LogoMark } from './logo';

/** The card a public page (a link from a message: preferences, availability) shows its content in. */
export function PublicCard({ children }: { children: ReactNode }) {
  return (
    <div className="w-full max-w-2xl">
      <div className="mb-6 flex items-center justify-center gap-2.5">
        <LogoMark className="size-10" />
        <span className="text-lg font-semibold tracking-tight text-neutral-900">Cricket</span>
      </div>
      <div className="rounded-2xl border border-neutral-200 bg-surface p-4 shadow-xl shadow-neutral-200/60 sm:p-8">
        {children}
      </div>
    </div>
  );
}
