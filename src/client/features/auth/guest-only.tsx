import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageSpinner } from '../../components/spinner';
import { paths } from '../../lib/paths';
import { useAuth } from './auth-context';

/** For /login and /signup: a spinner while the session is checked, then home for anyone already signed in. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user, checking } = useAuth();
  if (checking) return <PageSpinner label="Checking your session…" />;
  if (user) return <Navigate to={paths.home} replace />;
  return children;
}
