import { lazy } from 'react';

/** A lazily loaded component that can start loading its code before it renders. */
export interface Preloadable {
  preload: () => void;
}

const load = () => import('./data-layer');

/** TanStack Query and the tRPC client, loaded with the first page that reads data. */
export const DataLayer = Object.assign(
  lazy(() => load().then((m) => ({ default: m.DataLayer }))),
  { preload: () => void load() },
);
