// Whether a CSS media query matches now, kept up to date as the window is resized or the phone
// turned: for a page that lays out different elements (not only different styles) by width.
import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `lg` breakpoint: two columns on the auction page from here. */
export const WIDE_SCREEN = '(min-width: 64rem)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
