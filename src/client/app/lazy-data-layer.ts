import { lazy } from 'react';

/** TanStack Query and the tRPC client, loaded with the first page that reads data. */
export const DataLayer = lazy(() => import('./data-layer').then((m) => ({ default: m.DataLayer })));
