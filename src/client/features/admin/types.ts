// What the admin procedures answer, read from the router so the pages can never drift from the server.
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import type { AdminAuctionsInput, AdminUserSortColumn } from '../../../shared/schemas/admin';

type Outputs = inferRouterOutputs<AppRouter>['admin'];

export type AdminUser = Outputs['users']['data']['users'][number];
export type AdminAuction = Outputs['auctions']['items'][number];
export type AuditEntry = Outputs['audit']['entries'][number];
export type AdminAuctionStatus = AdminAuctionsInput['status'];
export type { AdminUserSortColumn };
