import { createCallerFactory, router } from './init';
import { adminRouter } from './routers/admin';
import { auctionRouter } from './routers/auction';
import { authRouter } from './routers/auth';
import { contactRouter } from './routers/contact';
import { userRouter } from './routers/user';

export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  auction: auctionRouter,
  contact: contactRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;
