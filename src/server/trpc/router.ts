import { createCallerFactory, mergeRouters, router } from './init';
import { adminRouter } from './routers/admin';
import { auctionRouter } from './routers/auction';
import { authRouter } from './routers/auth';
import { contactRouter } from './routers/contact';
import { listsRouter } from './routers/lists';
import { liveRouter } from './routers/live';
import { offersRouter } from './routers/offers';
import { ordersRouter } from './routers/orders';
import { messagesRouter } from './routers/messages';
import { reportsRouter } from './routers/reports';
import { userRouter } from './routers/user';
import { usersRouter } from './routers/users';

export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  auction: auctionRouter,
  contact: contactRouter,
  admin: adminRouter,
  live: liveRouter,
  orders: ordersRouter,
  offers: offersRouter,
  messages: messagesRouter,
  reports: reportsRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

/** What the REST routes call: every procedure above, and the whole lists that only REST answers. */
export const restRouter = mergeRouters(appRouter, router({ lists: listsRouter }));
export const createRestCaller = createCallerFactory(restRouter);
export type RestCaller = ReturnType<typeof createRestCaller>;
