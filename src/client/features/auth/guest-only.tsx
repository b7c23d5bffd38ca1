import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageSpinner } from '../../components/spinner';
import { useReturnTo } from '../../lib/return-to';
import { useAuth } from './auth-context';

/**
 * For /login and /signup: a spinner while the session is checked; anyone signed in (already, or just
 * now through the form) goes on to the page they came for, or home.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user, checking } = useAuth();
  const returnTo = useReturnTo();
  if (checking) return <PageSpinner label="Checking your session…" />;
  if (user) return <Navigate to={returnTo} replace />;
  return children;
}
