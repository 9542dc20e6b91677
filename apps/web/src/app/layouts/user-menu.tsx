import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { fullName } from '@cricket/contracts';
import { Link } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import { useSession } from '@/lib/session';

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-neutral-700 outline-none data-[highlighted]:bg-neutral-100 data-[highlighted]:text-neutral-900';

function initials(first: string | null, last: string | null, email: string): string {
  const letters = `${first?.charAt(0) ?? ''}${last?.charAt(0) ?? ''}`;
  return (letters || email.charAt(0)).toUpperCase();
}

/** Spec §2: shows the role name and email, with links Profile and Logout. */
export function UserMenu() {
  const { user } = useSession();
  const logout = useLogout();
  if (!user) return null;
  const name = fullName(user, '');

  return (
    <DropdownMenu.Root>
      {/* Named by its visible text plus "User menu": an aria-label alone would hide the text. */}
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-full p-1 pr-2 text-left hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600">
        <span className="flex size-8 items-center justify-center overflow-hidden rounded-full bg-primary-700 text-xs font-semibold text-white">
          {user.profile_picture ? (
            <img src={user.profile_picture} alt="" className="size-full object-cover" />
          ) : (
            initials(user.first_name, user.last_name, user.email)
          )}
        </span>
        <span className="hidden max-w-40 flex-col md:flex">
          <span className="truncate text-sm font-medium text-neutral-900">{user.role.name}</span>
          <span className="truncate text-xs text-neutral-500">{user.email}</span>
        </span>
        <ChevronDown className="hidden size-4 text-neutral-400 md:block" aria-hidden="true" />
        <span className="sr-only">User menu</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
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
