// The user's saved searches: the list (on /profile), saving the search on screen (on /auction) and
// deleting one. Each change reads the list afresh.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import { useTRPC } from '../../lib/trpc';

export type SavedSearch = inferRouterOutputs<AppRouter>['user']['searches'][number];

export function useSavedSearches() {
  const trpc = useTRPC();
  return useQuery(trpc.user.searches.queryOptions());
}

export function useSaveSearch() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.user.saveSearch.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.user.searches.queryKey() }),
    }),
  );
}

export function useDeleteSearch() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.user.deleteSearch.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.user.searches.queryKey() }),
    }),
  );
}
