import { Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/logo';
import { GlobalSearch } from '@/features/search/components/global-search';
import { UserMenu } from './user-menu';

interface TopBarProps {
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
  onOpenDrawer: () => void;
}

export function TopBar({ sidebarCollapsed, onToggleSidebar, onOpenDrawer }: TopBarProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-neutral-200 bg-surface/95 px-4 backdrop-blur sm:px-6">
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

      <GlobalSearch />

      <div className="ml-auto">
        <UserMenu />
      </div>
    </header>
  );
}
