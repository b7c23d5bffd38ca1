import { DataLayer } from '../app/lazy-data-layer';
import { PageSpinner } from '../components/spinner';
import { lazyComponent } from '../app/lazy-component';
import { useAuth } from '../features/auth/auth-context';
import { LandingPage } from './landing';

// Visitors land here first, so the landing page ships in the main bundle and the dashboard loads on demand.
const Dashboard = lazyComponent(() => import('./dashboard').then((m) => m.Dashboard));

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
