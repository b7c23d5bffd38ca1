// The slide-out menu: a modal <dialog>, so focus stays inside, the page behind is inert and Escape closes it.
import { LogOut, X } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { Avatar } from '../../components/avatar';
import { ButtonLink } from '../../components/button';
import { useAuth } from '../../features/auth/auth-context';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { MenuCount } from './menu-count';
import { adminMenu, guestMenu, menuCounts, userMenu } from './menu-items';

export const SIDE_MENU_ID = 'side-menu';

interface SideMenuProps {
  open: boolean;
  onClose: () => void;
  /** Gets focus back when the menu closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

const itemClasses =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900';

export function SideMenu({ open, onClose, returnFocusTo }: SideMenuProps) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const { dialogRef, firstRef, onDialogClose, onDialogClick } = useModalDialog(open, onClose, returnFocusTo);

  async function signOut() {
    setSigningOut(true);
    await logout();
    setSigningOut(false);
    onClose();
    void navigate(paths.home);
  }

  const items = !user ? guestMenu : user.role === 'admin' ? adminMenu : userMenu;

  return (
    <dialog
      ref={dialogRef}
      id={SIDE_MENU_ID}
      aria-label="Site menu"
      onClose={onDialogClose}
      onClick={onDialogClick}
      className={cn(
        'group fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none overflow-hidden bg-slate-900/50 p-0 backdrop:bg-transparent',
        'opacity-0 open:opacity-100 starting:open:opacity-0',
        'transition-[opacity,display,overlay] transition-discrete duration-200 motion-reduce:transition-none',
      )}
    >
      <div
        className={cn(
          'absolute inset-y-0 right-0 flex w-80 max-w-[85vw] flex-col bg-white shadow-xl',
          'translate-x-full group-open:translate-x-0 starting:group-open:translate-x-full',
          'transition-transform duration-200 ease-out motion-reduce:transition-none',
        )}
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <span className="text-base font-semibold text-slate-900">Menu</span>
          <button
            ref={firstRef}
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>

        <div className="border-b border-slate-200 px-4 py-5">
          {user ? (
            <div className="flex items-center gap-3">
              <Avatar src={user.avatar} name={user.name} className="size-12 text-lg" />
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900" title={user.name}>
                  {user.name}
                </p>
                <p className="truncate text-sm text-slate-600" title={user.email}>
                  {user.email}
                </p>
              </div>
            </div>
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <ButtonLink to={paths.login} variant="secondary" onClick={onClose}>
                Log in
              </ButtonLink>
              <ButtonLink to={paths.signup} onClick={onClose}>
                Sign up
              </ButtonLink>
            </div>
          )}
        </div>

        <nav aria-label="Main" className="flex-1 overflow-y-auto px-2 py-3">
          <ul className="space-y-1">
            {items.map(({ label, to, icon: Icon }) => (
              <li key={label}>
                <NavLink
                  to={to}
                  end
                  onClick={onClose}
                  className={({ isActive }) =>
                    cn(itemClasses, isActive && 'bg-accent-50 text-accent-800 hover:bg-accent-50 hover:text-accent-800')
                  }
                >
                  <Icon aria-hidden="true" className="size-5 shrink-0" />
                  {label}
                  {/* Mounted as the menu opens, so each opening asks for the counts afresh. */}
                  {user && open && menuCounts[to] && <MenuCount kind={menuCounts[to]} />}
                </NavLink>
              </li>
            ))}
            {user && (
              <li className="mt-2 border-t border-slate-200 pt-2">
                <button
                  type="button"
                  onClick={() => void signOut()}
                  disabled={signingOut}
                  className={cn(itemClasses, 'disabled:opacity-60')}
                >
                  <LogOut aria-hidden="true" className="size-5 shrink-0" />
                  {signingOut ? 'Signing out…' : 'Sign out'}
                </button>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </dialog>
  );
}
