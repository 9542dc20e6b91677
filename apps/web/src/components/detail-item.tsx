import type { ReactNode } from 'react';

/** One labelled value of a read-only panel (inside a `<dl>`); `wide` spans both columns. */
export function DetailItem({
  label,
  wide,
  children,
}: {
  label: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-xs font-medium text-neutral-500">{label}</dt>
      <dd className="mt-0.5 break-words text-neutral-900">{children}</dd>
    </div>
  );
}
