// The session check, started before React renders (main.tsx calls it first thing) so that it travels
// with the page's code instead of after the first render. AuthProvider takes its answer.
import { shellApi } from '../../lib/shell-api';

let early: ReturnType<typeof shellApi.session> | undefined;

export function checkSessionEarly(): void {
  early = shellApi.session();
  // Handled by whoever takes it; until then a failure must not count as an unhandled rejection.
  early.catch(() => {});
}

/** The early check if one is waiting (once), or a new one. */
export function takeSessionCheck(): ReturnType<typeof shellApi.session> {
  const check = early ?? shellApi.session();
  early = undefined;
  return check;
}
