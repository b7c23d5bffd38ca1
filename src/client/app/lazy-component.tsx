// A component whose code loads on demand and can start loading before it renders (`preload`).
//
// Not React.lazy: a lazy component suspends, and React holds a suspended page back for up to 300 ms
// after its spinner appeared (its fallback throttle), even when the code arrives sooner. A deep link
// to /auction sat idle that long before asking for its data. Here the spinner shows while the code
// is on its way, and the component renders the moment it arrives (at once if it already has).
import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { PageSpinner } from '../components/spinner';

export interface Preloadable {
  preload: () => void;
}

type LoadState<P> = { component?: ComponentType<P>; failure?: { error: unknown } };

/** `fallback` holds the component's place while its code loads: a page's spinner unless told otherwise. */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: () => ReactNode = () => <PageSpinner />,
): ComponentType<P> & Preloadable {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => (loading ??= load().then((component) => (loaded = component)));

  function LazyComponent(props: P) {
    const [state, setState] = useState<LoadState<P>>(() => (loaded ? { component: loaded } : {}));
    useEffect(() => {
      if (state.component) return;
      let current = true;
      start().then(
        (component) => current && setState({ component }),
        (error: unknown) => current && setState({ failure: { error } }),
      );
      return () => {
        current = false;
      };
    }, [state.component]);

    // A failed download (a new deployment, a lost connection) reaches the page's error boundary,
    // whose page offers a reload: the browser remembers a failed module for the rest of the visit.
    if (state.failure) throw state.failure.error;
    return state.component ? createElement(state.component, props) : fallback();
  }
  // A failed preload is no error yet: the component reports it if it renders.
  return Object.assign(LazyComponent, { preload: () => void start().catch(() => {}) });
}
