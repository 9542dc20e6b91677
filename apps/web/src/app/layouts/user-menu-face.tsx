import type { ProfileUser } from '@cricket/contracts';
import { ChevronDown } from 'lucide-react';

export const triggerClasses =
  'flex items-center gap-2 rounded-full p-1 pr-2 text-left hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600';

function initials(first: string | null, last: string | null, email: string): string {
  const letters = `${first?.charAt(0) ?? ''}${last?.charAt(0) ?? ''}`;
  return (letters || email.charAt(0)).toUpperCase();
}

/** What the menu's button shows: the picture or initials, the role and the email. */
export function UserMenuFace({ user }: { user: ProfileUser }) {
  return (
    <>
      <span className="flex size-8 items-center justify-center overflow-hidden rounded-full bg-solid-primary text-xs font-semibold text-white">
        {user.profile_picture ? (
          <img src={user.profile_picture} alt="" className="size-full object-cover" />
        ) : (
          initials(user.first_name, user.last_name, user.email)
        )}
      </span>
      <span className="hidden max-w-40 flex-col md:flex">
        <span className="truncate text-sm font-medium text-neutral-900">{user.role.name}</span>
        <span className="truncate text-xs text-neutral-600">{user.email}</span>
      </span>
      <ChevronDown className="hidden size-4 text-neutral-400 md:block" aria-hidden="true" />
      {/* Named by its visible text plus "User menu": an aria-label alone would hide the text. */}
      <span className="sr-only">User menu</span>
    </>
  );
}
