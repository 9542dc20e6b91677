import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreVertical } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { RowActionItem } from './data-table';

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-neutral-100';

/**
 * A phone card's actions menu (Radix's menu and its positioning). Loaded when a card's menu
 * button is first used (`CardActions` in row-cards.tsx), and mounted open in its place.
 */
export function RowCardMenu({
  label,
  actions,
  triggerClassName,
}: {
  label: string;
  actions: readonly RowActionItem[];
  /** The plain button's look, which this trigger takes over. */
  triggerClassName: string;
}) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger
        aria-label={label}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
        className={triggerClassName}
      >
        <MoreVertical className="size-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          // A portal's events still bubble through React to the card.
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => event.stopPropagation()}
          className="animate-fade-in z-50 min-w-40 rounded-xl border border-neutral-200 bg-surface p-1.5 shadow-lg"
        >
          {actions.map((action) => (
            <DropdownMenu.Item
              key={action.verb}
              aria-label={action.label}
              onSelect={action.onClick}
              className={cn(
                itemClasses,
                action.tone === 'danger' ? 'text-danger-700' : 'text-neutral-700',
              )}
            >
              <action.icon className="size-4" aria-hidden="true" />
              {action.verb}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
