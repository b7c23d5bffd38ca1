import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';

type Outputs = inferRouterOutputs<AppRouter>;
export type Auction = Outputs['auction']['byId'];
export type Bid = Auction['bids'][number];
export type AuctionPage = Outputs['auction']['list'];
