import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { fullName, type ProfileUser } from '@cricket/contracts';
import { Check, LogOut, UserRound } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import {
  THEME_CHOICES,
  THEME_LABELS,
  setTheme,
  useThemeChoice,
  type ThemeChoice,
} from '@/lib/theme';
import { UserMenuFace, triggerClasses } from './user-menu-face';

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-neutral-700 outline-none data-[highlighted]:bg-neutral-100 data-[highlighted]:text-neutral-900';

/** How the first open was asked for; null when the person moved on before the menu loaded. */
export type OpenedBy = 'pointer' | 'keyboard' | null;

/**
 * The user menu once asked for: it opens at once (as a keyboard-opened menu does, on its first
 * item), and works as a menu button from then on.
 */
export function UserMenuDropdown({ user, openedBy }: { user: ProfileUser; openedBy: OpenedBy }) {
  const logout = useLogout();
  const theme = useThemeChoice();
  const name = fullName(user, '');
  const firstOpen = useRef(openedBy);
  const content = useRef<HTMLDivElement>(null);
  // Not modal: a modal menu hides the shell from assistive technology while its controls stay
  // focusable; the menu still closes on Escape and on a click or focus outside.
  return (
    <DropdownMenu.Root defaultOpen={openedBy !== null} modal={false}>
      <DropdownMenu.Trigger className={triggerClasses}>
        <UserMenuFace user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={content}
          onFocus={(event) => {
            // Radix focuses the menu itself on opening; a first open from the keyboard goes on
            // to the first item, as Radix's own trigger does for every later one.
            if (event.target !== event.currentTarget || firstOpen.current !== 'keyboard') return;
            firstOpen.current = null;
            content.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
          }}
          align="end"
          sideOffset={8}
          className="animate-fade-in z-50 w-64 rounded-xl border border-neutral-200 bg-surface p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="px-2.5 py-2">
            {name && <p className="truncate text-sm font-semibold text-neutral-900">{name}</p>}
            <p className="text-sm font-semibold text-neutral-900">{user.role.name}</p>
            <p className="truncate text-xs text-neutral-500">{user.email}</p>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-neutral-200" />
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/profile">
              <UserRound className="size-4" aria-hidden="true" />
              Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-neutral-200" />
          <DropdownMenu.Label id="theme-label" className="px-2.5 pt-1 text-xs text-neutral-600">
            Theme
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            aria-labelledby="theme-label"
            value={theme}
            onValueChange={(v) => setTheme(v as ThemeChoice)}
          >
            {THEME_CHOICES.map((choice) => (
              <DropdownMenu.RadioItem
                key={choice}
                value={choice}
                // Choosing a theme keeps the menu open: the person sees the change and can go back.
                onSelect={(e) => e.preventDefault()}
                className={itemClasses}
              >
                <span className="flex size-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check className="size-4" aria-hidden="true" />
                  </DropdownMenu.ItemIndicator>
                </span>
                {THEME_LABELS[choice]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-neutral-200" />
          <DropdownMenu.Item
            className={itemClasses}
            disabled={logout.isPending}
            onSelect={() => logout.mutate()}
          >
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
