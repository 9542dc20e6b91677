import { ChevronDown, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { retryOnce } from '@/lib/lazy-page';
import { useSession } from '@/lib/session';
import type { NavTooltip as NavTooltipType } from './nav-tooltip';
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
      ? 'bg-chrome-accent-bg/15 text-chrome-accent'
      : 'text-chrome-text hover:bg-white/5 hover:text-white',
  );

type Tip = typeof NavTooltipType;

/**
 * The collapsed sidebar's tooltips, loaded the first time it collapses (Radix and its
 * positioning: the shell's first render does without them, issue 18). Null until then, and
 * if their code cannot be loaded: they only repeat the names screen readers already get.
 */
function useNavTooltip(collapsed: boolean): Tip | null {
  const [tip, setTip] = useState<Tip | null>(null);
  useEffect(() => {
    if (!collapsed || tip) return;
    let live = true;
    retryOnce(() => import('./nav-tooltip')).then(
      (m) => live && setTip(() => m.NavTooltip),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [collapsed, tip]);
  return tip;
}

/**
 * A collapsed sidebar shows only icons, so each gets its name as a tooltip. Once loaded the
 * tooltip stays around its item, shown or not, so expanding the sidebar from a group's icon
 * keeps the focused button in place.
 */
function WithTooltip({
  tip: NavTooltip,
  label,
  show,
  children,
}: {
  tip: Tip | null;
  label: string;
  show: boolean;
  children: ReactNode;
}) {
  if (!NavTooltip) return children;
  return (
    <NavTooltip label={label} show={show}>
      {children}
    </NavTooltip>
  );
}

function NavItemLink({
  item,
  collapsed,
  tip,
  nested = false,
}: {
  item: NavLinkItem;
  collapsed: boolean;
  tip: Tip | null;
  nested?: boolean;
}) {
  return (
    <WithTooltip tip={tip} label={item.label} show={collapsed}>
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
  tip,
  onExpand,
}: {
  group: NavGroup;
  collapsed: boolean;
  tip: Tip | null;
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
      <WithTooltip tip={tip} label={group.label} show={collapsed}>
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
            <NavItemLink item={item} collapsed={collapsed} tip={tip} nested />
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
  const tip = useNavTooltip(collapsed);

  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        {entries.map((entry) =>
          isGroup(entry) ? (
            <NavGroupItem
              key={entry.label}
              group={entry}
              collapsed={collapsed}
              tip={tip}
              onExpand={onExpand}
            />
          ) : (
            <li key={entry.to}>
              <NavItemLink item={entry} collapsed={collapsed} tip={tip} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
