// Reports of listings (docs/rules/trust.md#reports): anyone signed in reports a listing; administrators
// read the reports and resolve them.
import { z } from 'zod';
import { adminReportsInput, reportInput, resolveReportInput } from '../../../shared/reports';
import { listCost } from '../../domain/request-cost';
import { adminReports, makeReport, myReport, resolveReport } from '../../services/reports';
import { adminProcedure, protectedProcedure, router } from '../init';

export const reportsRouter = router({
  /** The caller reports a listing that breaks the rules, once per listing. */
  make: protectedProcedure.input(reportInput).mutation(({ ctx, input }) => makeReport(ctx.deps, ctx.user, input)),
  /** The caller's own report on a listing, if any: the page shows it instead of the button. */
  mine: protectedProcedure
    .input(z.object({ auctionId: z.string().max(1000) }))
    .query(({ ctx, input }) => myReport(ctx.deps, ctx.user, input.auctionId)),
  /** The reports of one status, a page at a time; charged the rows it may read before it runs. */
  list: adminProcedure.input(adminReportsInput).query(({ ctx, input }) => {
    ctx.budget?.charge(listCost(input));
    return adminReports(ctx.deps, input);
  }),
  /** An administrator closes an open report. */
  resolve: adminProcedure
    .input(resolveReportInput)
    .mutation(({ ctx, input }) => resolveReport(ctx.deps, { id: ctx.user.id, ip: ctx.client.ip }, input)),
});
