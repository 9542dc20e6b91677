import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { MENU_LOAD_FAILED, retryOnce } from '@/lib/lazy-page';
import { useSession } from '@/lib/session';
import type { OpenedBy, UserMenuDropdown as Dropdown } from './user-menu-dropdown';
import { UserMenuFace, triggerClasses } from './user-menu-face';

const loadDropdown = () => retryOnce(() => import('./user-menu-dropdown'));

/**
 * Spec §2: shows the role name and email, with links Profile and Logout. Until first used it
 * is a plain button: the menu's code (Radix's menu and its positioning) loads when the pointer
 * comes near or the button takes focus, and the menu opens once it is in, unless the person
 * clicked elsewhere or pressed Escape meanwhile. The shell's first render does without it
 * (issue 18, decision 034).
 */
export function UserMenu() {
  const { user } = useSession();
  const [menu, setMenu] = useState<{ Dropdown: typeof Dropdown; openedBy: OpenedBy } | null>(null);
  const [loading, setLoading] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!user) return null;

  function open(openedBy: Exclude<OpenedBy, null>) {
    if (loading) return;
    setLoading(true);
    let movedOn = false;
    const away = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !button.current?.contains(event.target as Node)
      )
        movedOn = true;
    };
    document.addEventListener('pointerdown', away, true);
    document.addEventListener('keydown', away, true);
    loadDropdown()
      .then(
        (m) => setMenu({ Dropdown: m.UserMenuDropdown, openedBy: movedOn ? null : openedBy }),
        () => {
          setLoading(false);
          toast.error(MENU_LOAD_FAILED);
        },
      )
      .finally(() => {
        document.removeEventListener('pointerdown', away, true);
        document.removeEventListener('keydown', away, true);
      });
  }

  if (menu) return <menu.Dropdown user={user} openedBy={menu.openedBy} />;
  return (
    <button
      ref={button}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={loading || undefined}
      className={triggerClasses}
      onPointerEnter={() => void loadDropdown().catch(() => undefined)}
      onFocus={() => void loadDropdown().catch(() => undefined)}
      // A click from Enter or Space has no pointer behind it (detail 0).
      onClick={(event) => open(event.detail === 0 ? 'keyboard' : 'pointer')}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          open('keyboard');
        }
      }}
    >
      <UserMenuFace user={user} />
    </button>
  );
}
