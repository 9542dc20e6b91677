import { Menu, PanelLeftClose, PanelLeftOpen, Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/logo';
import { UserMenu } from './user-menu';

interface TopBarProps {
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
  onOpenDrawer: () => void;
}

export function TopBar({ sidebarCollapsed, onToggleSidebar, onOpenDrawer }: TopBarProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-neutral-200 bg-white/95 px-4 backdrop-blur sm:px-6">
      <Button
        variant="ghost"
        size="icon"
        aria-label="Open navigation"
        className="lg:hidden"
        onClick={onOpenDrawer}
      >
        <Menu className="size-5" aria-hidden="true" />
      </Button>
      {/* A wrapper hides it on phones: the button's own inline-flex would beat `hidden`. */}
      <div className="hidden lg:block">
        <Button
          variant="ghost"
          size="icon"
          aria-label={sidebarCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          onClick={onToggleSidebar}
        >
          {sidebarCollapsed ? (
            <PanelLeftOpen className="size-5" aria-hidden="true" />
          ) : (
            <PanelLeftClose className="size-5" aria-hidden="true" />
          )}
        </Button>
      </div>
      <Logo compact className="lg:hidden" />

      {/* Spec §2: the search box is shown but has no behaviour yet. */}
      <div role="search" className="relative min-w-0 flex-1 sm:max-w-sm">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
          aria-hidden="true"
        />
        <input
          type="search"
          aria-label="Search"
          placeholder="Search..."
          className="h-9 w-full rounded-lg border border-neutral-200 bg-neutral-50 pr-3 pl-9 text-sm placeholder:text-neutral-400 focus:border-primary-600 focus:bg-surface focus:ring-2 focus:ring-primary-600/20 focus:outline-none"
        />
      </div>

      <div className="ml-auto">
        <UserMenu />
      </div>
    </header>
  );
}
