// Reports of listings as the client reads and makes them (docs/rules/trust.md#reports): the caller's
// own report on a listing and the report itself; the moderators' lists and their resolution. A change
// refreshes what shows it: the caller's report, the lists and the dashboard's count.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportStatus } from '../../../shared/reports';
import { nextCursor, pagedList } from '../../lib/paged-list';
import { useTRPC } from '../../lib/trpc';

const PAGE_SIZE = 20;

/** The caller's own report on the listing, if they made one. */
export function useMyReport(auctionId: string, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery(trpc.reports.mine.queryOptions({ auctionId }, { enabled }));
}

export function useReportListing(auctionId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.reports.make.mutationOptions({
      // A refusal as "already reported" is news too: the page then says so.
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.reports.mine.queryKey({ auctionId }) }),
    }),
  );
}

/** The reports of one status, a page at a time: open ones oldest first, resolved ones newest resolution first. */
export function useAdminReports(status: ReportStatus) {
  const trpc = useTRPC();
  return pagedList(
    useInfiniteQuery(
      trpc.reports.list.infiniteQueryOptions(
        { status, limit: PAGE_SIZE },
        {
          getNextPageParam: nextCursor,
          // The shape every "load more" list shares; the list answers no total.
          select: (data) => ({
            ...data,
            pages: data.pages.map((page) => ({ items: page.reports, total: null, nextCursor: page.nextCursor })),
          }),
        },
      ),
    ),
  );
}

export function useResolveReport() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.reports.resolve.mutationOptions({
      onSettled: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.reports.list.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.dashboard.queryKey() }),
        ]),
    }),
  );
}
