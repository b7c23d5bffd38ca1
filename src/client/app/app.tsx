import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary';
import { RootErrorPage } from '../pages/error';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App() {
  return (
    <ErrorBoundary fallback={() => <RootErrorPage />}>
      <BrowserRouter>
        <AppProviders>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </ErrorBoundary>
  );
}
