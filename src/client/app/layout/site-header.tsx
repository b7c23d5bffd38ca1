import { Gavel, Menu } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '../../features/auth/auth-context';
import { paths } from '../../lib/paths';
import { HeaderNotifications } from './header-notifications';
import { SIDE_MENU_ID, SideMenu } from './side-menu';

export function SiteHeader() {
  const menuButton = useRef<HTMLButtonElement>(null);
  const { user } = useAuth();
  const { pathname } = useLocation();
  // The menu is open on the page it was opened on: any navigation (back and forward too) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? pathname : null);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={paths.home} className="flex items-center gap-2.5 rounded-lg text-slate-900">
          <span className="flex size-9 items-center justify-center rounded-lg bg-accent-700 text-white">
            <Gavel aria-hidden="true" className="size-5" />
          </span>
          <span className="whitespace-nowrap text-lg font-semibold tracking-tight">Open Auction</span>
        </Link>
        <div className="flex items-center gap-2">
          {/* Keyed by the user: whoever signs in next starts from their own count. */}
          {user && <HeaderNotifications key={user._id} />}
          <button
            ref={menuButton}
            type="button"
            onClick={() => setMenuOpen(true)}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls={SIDE_MENU_ID}
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50"
          >
            <Menu aria-hidden="true" className="size-5" />
            Menu
          </button>
        </div>
      </div>
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} returnFocusTo={menuButton} />
    </header>
  );
}
