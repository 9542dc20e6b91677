import { ChevronDown, type LucideIcon } from 'lucide-react';
import { Suspense, lazy, useId, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { retryOnce } from '@/lib/lazy-page';
import { useSession } from '@/lib/session';
import { isGroup, NAV_ENTRIES, visibleEntries, type NavGroup, type NavLinkItem } from './nav-items';

interface SidebarNavProps {
  /** Icons only; groups then open by expanding the sidebar first. */
  collapsed: boolean;
  onExpand?: () => void;
}

const itemClasses = (active: boolean, collapsed: boolean) =>
  cn(
    'flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-400',
    collapsed && 'justify-center px-0',
    active
      ? 'bg-primary-600/15 text-primary-300'
      : 'text-neutral-300 hover:bg-white/5 hover:text-white',
  );

// The tooltips' code (Radix and its positioning) loads when the sidebar is first collapsed:
// the shell's first render does without it (issue 18).
const NavTooltip = lazy(() =>
  retryOnce(() => import('./nav-tooltip')).then((m) => ({ default: m.NavTooltip })),
);

/** A collapsed sidebar shows only icons, so each gets its name as a tooltip. */
function WithTooltip({
  label,
  show,
  children,
}: {
  label: string;
  show: boolean;
  children: ReactNode;
}) {
  if (!show) return children;
  return (
    <Suspense fallback={<span className="block">{children}</span>}>
      <NavTooltip label={label}>{children}</NavTooltip>
    </Suspense>
  );
}

function NavItemLink({
  item,
  collapsed,
  nested = false,
}: {
  item: NavLinkItem;
  collapsed: boolean;
  nested?: boolean;
}) {
  return (
    <WithTooltip label={item.label} show={collapsed}>
      <NavLink
        to={item.to}
        end={item.to === '/'}
        className={({ isActive }) =>
          cn(itemClasses(isActive, collapsed), nested && !collapsed && 'pl-10')
        }
      >
        <ItemContent icon={item.icon} label={item.label} collapsed={collapsed} />
      </NavLink>
    </WithTooltip>
  );
}

function ItemContent({
  icon: Icon,
  label,
  collapsed,
}: {
  icon: LucideIcon;
  label: string;
  collapsed: boolean;
}) {
  return (
    <>
      <Icon className="size-[18px] shrink-0" aria-hidden="true" />
      <span className={cn('leading-tight', collapsed && 'sr-only')}>{label}</span>
    </>
  );
}

function NavGroupItem({
  group,
  collapsed,
  onExpand,
}: {
  group: NavGroup;
  collapsed: boolean;
  onExpand?: () => void;
}) {
  const { pathname } = useLocation();
  const listId = useId();
  const containsCurrent = group.items.some((item) => pathname.startsWith(item.to));
  const [open, setOpen] = useState(containsCurrent);
  // Spec §2: a group expands only while the sidebar is not collapsed.
  const expanded = open && !collapsed;

  return (
    <li>
      <WithTooltip label={group.label} show={collapsed}>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => {
            if (collapsed) {
              onExpand?.();
              setOpen(true);
            } else {
              setOpen(!open);
            }
          }}
          className={itemClasses(collapsed && containsCurrent, collapsed)}
        >
          <ItemContent icon={group.icon} label={group.label} collapsed={collapsed} />
          {!collapsed && (
            <ChevronDown
              className={cn('ml-auto size-4 transition-transform', expanded && 'rotate-180')}
              aria-hidden="true"
            />
          )}
        </button>
      </WithTooltip>
      <ul id={listId} hidden={!expanded} className="mt-1 space-y-1">
        {group.items.map((item) => (
          <li key={item.to}>
            <NavItemLink item={item} collapsed={collapsed} nested />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The menu: items and groups the signed-in role may see (architecture, convention 5). */
export function SidebarNav({ collapsed, onExpand }: SidebarNavProps) {
  const { user } = useSession();
  const entries = visibleEntries(NAV_ENTRIES, user?.permissions ?? []);

  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        {entries.map((entry) =>
          isGroup(entry) ? (
            <NavGroupItem
              key={entry.label}
              group={entry}
              collapsed={collapsed}
              onExpand={onExpand}
            />
          ) : (
            <li key={entry.to}>
              <NavItemLink item={entry} collapsed={collapsed} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
