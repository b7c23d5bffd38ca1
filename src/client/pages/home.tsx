import { PageSpinner } from '../components/spinner';
import { useAuth } from '../features/auth/auth-context';
import { Dashboard } from './dashboard';
import { LandingPage } from './landing';

/** `/`: the dashboard when signed in, the landing page otherwise. */
export function HomePage() {
  const { user, checking } = useAuth();
  if (checking) return <PageSpinner />;
  return user ? <Dashboard /> : <LandingPage />;
}
