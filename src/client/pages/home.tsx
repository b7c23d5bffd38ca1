import { lazy } from 'react';
import { DataLayer } from '../app/lazy-data-layer';
import { PageSpinner } from '../components/spinner';
import { useAuth } from '../features/auth/auth-context';
import { LandingPage } from './landing';

// Visitors land here first, so the landing page ships in the main bundle and the dashboard loads on demand.
const Dashboard = lazy(() => import('./dashboard').then((m) => ({ default: m.Dashboard })));

/** `/`: the dashboard when signed in, the landing page otherwise. */
export function HomePage() {
  const { user, checking } = useAuth();
  if (checking) return <PageSpinner />;
  return user ? (
    <DataLayer>
      <Dashboard />
    </DataLayer>
  ) : (
    <LandingPage />
  );
}
