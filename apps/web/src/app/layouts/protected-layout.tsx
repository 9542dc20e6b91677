import * as Tooltip from '@radix-ui/react-tooltip';
import { X } from 'lucide-react';
import { useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Sheet, SheetClose, SheetTitle } from '@/components/ui/sheet';
import { cn } from '@/lib/cn';
import { Breadcrumb } from './breadcrumb';
import { Footer } from './footer';
import { Logo } from '@/components/logo';
import { SidebarNav } from './sidebar-nav';
import { TopBar } from './top-bar';

/** The signed-in shell: sidebar (drawer on phones), top bar, breadcrumb, page, footer. */
export function ProtectedLayout() {
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigation = useNavigation();
  const location = useLocation();

  // Any navigation (a drawer link, back/forward) closes the drawer; adjusted while rendering,
  // the React way to reset state when an input changes.
  const [drawerLocation, setDrawerLocation] = useState(location.key);
  if (drawerLocation !== location.key) {
    setDrawerLocation(location.key);
    setDrawerOpen(false);
  }

  return (
    // Tooltips only exist inside the shell, so their provider lives here, not in the entry chunk.
    <Tooltip.Provider delayDuration={300}>
      {/* The first Tab stop: past the sidebar and top bar straight to the page. */}
      <a
        href="#main-content"
        className="sr-only z-[100] rounded-lg bg-surface px-4 py-2 text-sm font-medium text-primary-800 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <div className="flex min-h-screen">
        {/* The outer aside paints the full height; the inner column stays in view on scroll. */}
        <aside
          className={cn(
            'hidden shrink-0 bg-neutral-900 transition-[width] duration-200 lg:block',
            collapsed ? 'w-[72px]' : 'w-64',
          )}
        >
          <div className="sticky top-0 flex h-screen flex-col">
            <div
              className={cn(
                'flex h-16 shrink-0 items-center border-b border-white/10 px-4',
                collapsed && 'justify-center px-0',
              )}
            >
              <Logo compact={collapsed} inverted />
            </div>
            <SidebarNav collapsed={collapsed} onExpand={() => setCollapsed(false)} />
          </div>
        </aside>

        <Sheet
          open={drawerOpen}
          onOpenChange={setDrawerOpen}
          side="left"
          className="bg-neutral-900"
        >
          <div className="flex min-h-0 flex-1 flex-col">
            <SheetTitle className="sr-only">Navigation</SheetTitle>
            <div className="flex h-16 items-center justify-between border-b border-white/10 px-4">
              <Logo inverted />
              <SheetClose asChild>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label="Close navigation"
                  className="text-neutral-300 hover:bg-white/10 hover:text-white"
                >
                  <X className="size-5" aria-hidden="true" />
                </Button>
              </SheetClose>
            </div>
            <SidebarNav collapsed={false} />
          </div>
        </Sheet>

        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar
            sidebarCollapsed={collapsed}
            onToggleSidebar={() => setCollapsed(!collapsed)}
            onOpenDrawer={() => setDrawerOpen(true)}
          />
          {navigation.state === 'loading' && (
            <div
              role="progressbar"
              aria-label="Loading page"
              className="h-0.5 w-full overflow-hidden bg-primary-100"
            >
              <div className="h-full w-1/3 animate-pulse bg-primary-600" />
            </div>
          )}
          <Breadcrumb />
          <main id="main-content" tabIndex={-1} className="flex-1 p-4 focus:outline-none sm:p-6">
            <Outlet />
          </main>
          <Footer />
        </div>
      </div>
    </Tooltip.Provider>
  );
}
