// Route guards for signed-in and admin areas. Use as layout routes (they render <Outlet/>) or as wrappers.
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/spinner';
import { useAuth } from '../features/auth/auth-context';
import { paths } from '../lib/paths';
import { withReturnTo } from '../lib/return-to';
import { NotAllowedPage } from '../pages/not-allowed';

/** Signed-in routes: a spinner while the session is checked, then /login for visitors, who return here once signed in. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, checking } = useAuth();
  const location = useLocation();
  if (checking) return <PageSpinner label="Checking your session…" />;
  if (!user) return <Navigate to={withReturnTo(paths.login, location.pathname + location.search)} replace />;
  return children ?? <Outlet />;
}

/** Admin routes: like RequireAuth, and a clear 'not allowed' page for signed-in non-admins. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { user, checking } = useAuth();
  const location = useLocation();
  if (checking) return <PageSpinner label="Checking your session…" />;
  if (!user) return <Navigate to={withReturnTo(paths.login, location.pathname + location.search)} replace />;
  if (user.role !== 'admin') return <NotAllowedPage />;
  return children ?? <Outlet />;
}
