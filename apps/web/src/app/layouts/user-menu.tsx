import { fullName } from '@cricket/contracts';
import { Suspense, lazy, useState, type ComponentProps } from 'react';
import { retryOnce } from '@/lib/lazy-page';
import { useSession } from '@/lib/session';
import { UserMenuFace, triggerClasses } from './user-menu-face';

const loadDropdown = () => retryOnce(() => import('./user-menu-dropdown'));
const UserMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.UserMenuDropdown })));

/**
 * Spec §2: shows the role name and email, with links Profile and Logout. Until first used it
 * is a plain button: the menu's code (Radix's menu and its positioning) loads when the pointer
 * comes near or the button takes focus, and the menu opens once it is in. The shell's first
 * render does without it (issue 18).
 */
export function UserMenu() {
  const { user } = useSession();
  const [wanted, setWanted] = useState(false);
  if (!user) return null;
  const name = fullName(user, '');

  const button = (props: ComponentProps<'button'>) => (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={triggerClasses}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      {...props}
    >
      <UserMenuFace user={user} />
    </button>
  );

  if (!wanted)
    return button({
      onClick: () => setWanted(true),
      onKeyDown: (event) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          setWanted(true);
        }
      },
    });
  return (
    <Suspense fallback={button({ 'aria-busy': true })}>
      <UserMenuDropdown user={user} name={name} />
    </Suspense>
  );
}
