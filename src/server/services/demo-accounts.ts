// The demo accounts, for the login page to offer while someone develops the site: in development
// only. Anywhere else the list is empty, so a deployed site never shows a password on its pages.
import type { Role } from '../../shared/constants';
import { DEMO_ACCOUNTS } from '../seed/seed';
import type { AppDeps } from '../deps';

interface DemoAccountLogin {
  name: string;
  email: string;
  password: string;
  role: Role;
}

export function demoAccountLogins(deps: Pick<AppDeps, 'settings'>): DemoAccountLogin[] {
  if (deps.settings.NODE_ENV !== 'development') return [];
  return DEMO_ACCOUNTS.map(({ name, email, password, role }) => ({ name, email, password, role }));
}
