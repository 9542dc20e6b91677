import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';

/**
 * The name of a collapsed sidebar's icon, shown beside it on hover and focus while `show`. The
 * trigger is a wrapper because Radix's asChild would merge NavLink's className function into a
 * string.
 */
export function NavTooltip({
  label,
  show,
  children,
}: {
  label: string;
  show: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip.Provider delayDuration={300}>
      <Tooltip.Root open={show ? undefined : false}>
        <Tooltip.Trigger asChild>
          <span className="block">{children}</span>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="right"
            sideOffset={8}
            className="z-50 rounded-md bg-chrome px-2.5 py-1.5 text-xs font-medium text-white shadow-lg"
          >
            {label}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
