import { lazyComponent } from './lazy-component';

/** TanStack Query and the tRPC client, loaded with the first page that reads data. */
export const DataLayer = lazyComponent(() => import('./data-layer').then((m) => m.DataLayer));
