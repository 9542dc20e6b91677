import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { lazyPanel } from '@/components/lazy-panel';
import { UnsavedChangesGuard } from '@/components/unsaved-changes';
import { cn } from '@/lib/cn';
import { Breadcrumb } from './breadcrumb';
import { Footer } from './footer';
import { Logo } from '@/components/logo';
import { SidebarNav } from './sidebar-nav';
import { TopBar } from './top-bar';

// The phone's navigation drawer loads when first opened: Radix's dialog is not needed to draw
// the shell, and on a slow link it competed with the first screen's own files (issue 18).
const NavDrawer = lazyPanel(
  () => import('./nav-drawer').then((m) => m.NavDrawer),
  (p: { open: boolean }) => p.open,
);

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

  // The drawer is the narrow screens' sidebar: widened past the breakpoint where the sidebar
  // shows (a resized window, a rotated tablet), it closes instead of covering the page.
  useEffect(() => {
    const wide = window.matchMedia?.('(min-width: 64rem)');
    if (!wide) return;
    const close = () => wide.matches && setDrawerOpen(false);
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, []);

  return (
    // Every form of every screen asks before its changes are thrown away.
    <UnsavedChangesGuard>
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
            'hidden shrink-0 bg-chrome transition-[width] duration-200 lg:block',
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

        <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />

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
    </UnsavedChangesGuard>
  );
}
