// Where to go once signed in: the page the sign-in guard turned a visitor away from. It travels in
// the address of /login and /signup, so a reload, or the way from the login page to sign-up, keeps it.
import { matchPath, useSearchParams } from 'react-router-dom';
import { paths } from './paths';

/** The query parameter of /login and /signup that names the page to return to. */
const RETURN_TO = 'redirectTo';

const SAME_SITE = 'http://same-site.invalid';

/**
 * The path and query to go to after signing in, or home. Only a path on this site qualifies: the
 * value comes from the address bar, and anything a browser would read as another site
 * (https://…, //host, /\host) would make our login page a door to it.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value?.startsWith('/')) return paths.home;
  try {
    // Resolved the way the browser would resolve it: whatever leaves the base origin is another site.
    const url = new URL(value, SAME_SITE);
    return url.origin === SAME_SITE ? `${url.pathname}${url.search}` : paths.home;
  } catch {
    return paths.home; // not a URL at all, e.g. //host with a space in the host
  }
}

/** /login or /signup, remembering the page to return to (nothing to remember for home). */
export function withReturnTo(path: string, returnTo: string): string {
  return returnTo === paths.home ? path : `${path}?${new URLSearchParams({ [RETURN_TO]: returnTo })}`;
}

/** On /login and /signup: where to go once signed in. */
export function useReturnTo(): string {
  const [params] = useSearchParams();
  return safeReturnPath(params.get(RETURN_TO));
}

/**
 * What the page to return to offers, for the login and sign-up pages to say why they ask: "Sign in
 * to see this auction and bid." Null for home, where nobody was turned away.
 */
export function returnPurpose(returnTo: string): string | null {
  const path = new URL(returnTo, SAME_SITE).pathname;
  if (path === paths.home) return null;
  if (matchPath(paths.auctionPattern, path)) return 'see this auction and bid';
  if (matchPath(paths.auctions, path)) return 'browse the auctions and bid';
  if (matchPath(paths.createAuction, path)) return 'list an item for auction';
  return 'see that page';
}
