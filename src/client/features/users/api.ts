// Other members as anyone signed in sees them: a public profile.
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import { useTRPC } from '../../lib/trpc';

export type PublicProfile = inferRouterOutputs<AppRouter>['users']['profile'];

/** One member's public profile: their standing, recent feedback and open auctions. */
export function usePublicProfile(id: string) {
  const trpc = useTRPC();
  return useQuery(trpc.users.profile.queryOptions({ id }));
}
