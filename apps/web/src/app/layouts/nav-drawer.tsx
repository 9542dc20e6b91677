import { X } from 'lucide-react';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Sheet, SheetClose, SheetTitle } from '@/components/ui/sheet';
import { SidebarNav } from './sidebar-nav';

/** The navigation on phones and tablets: the sidebar's links in a drawer from the left. */
export function NavDrawer({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange} side="left" className="bg-chrome">
      <div className="flex min-h-0 flex-1 flex-col">
        <SheetTitle className="sr-only">Navigation</SheetTitle>
        <div className="flex h-16 items-center justify-between border-b border-white/10 px-4">
          <Logo inverted />
          <SheetClose asChild>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Close navigation"
              className="text-chrome-text hover:bg-white/10 hover:text-white"
            >
              <X className="size-5" aria-hidden="true" />
            </Button>
          </SheetClose>
        </div>
        <SidebarNav collapsed={false} />
      </div>
    </Sheet>
  );
}
