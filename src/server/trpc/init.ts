// tRPC set-up: the error formatter and the three procedure tiers (public, signed in, admin).
import { initTRPC, type TRPCError } from '@trpc/server';
import { NOT_SIGNED_IN_MESSAGE } from '../../shared/constants';
import { AppError, forbidden, unauthorized } from '../domain/errors';
import type { Context } from './context';
import { describeError, toTRPCError, unavailableOr } from './errors';

const t = initTRPC.context<Context>().create({
  // Never send stack traces, whatever NODE_ENV says.
  isDev: false,
  errorFormatter({ shape, error }) {
    const { message, issues } = describeError(error);
    return { ...shape, message, data: { ...shape.data, issues: issues ?? null } };
  },
});

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

/**
 * A rule's refusal (an AppError) becomes the tRPC error of its kind, with its status and message; a
 * database out of reach, a 503 that says so.
 */
function withRuleErrors<Result extends { ok: boolean; error?: TRPCError }>(result: Result): Result {
  if (result.ok) return result;
  const cause = result.error?.cause;
  if (cause instanceof AppError) throw toTRPCError(cause);
  const unavailable = unavailableOr(cause);
  if (unavailable !== cause) throw unavailable;
  return result;
}

const ruleErrors = t.middleware(async ({ next }) => withRuleErrors(await next()));

// The signed-in tier translates the rule errors itself, rather than stacking on ruleErrors: tRPC copies
// a call's options at every middleware, a measurable share of a bid.
const signedIn = t.middleware(async ({ ctx, next }) => {
  if (!ctx.user) throw toTRPCError(unauthorized(NOT_SIGNED_IN_MESSAGE));
  return withRuleErrors(await next({ ctx: { user: ctx.user } }));
});

// ctx.user is read from the database on every request (sessions joined to users), so the role
// checked here is the current one: a demoted admin is refused on the very next call.
const adminOnly = t.middleware(({ ctx, next }) => {
  if (ctx.user?.role !== 'admin') throw forbidden('Administrators only.');
  return next();
});

// An upload holds one of its account's few places (services/photo-work.ts) from before its body is
// read (the input is read after this middleware) until it is answered.
const uploading = t.middleware(({ ctx, next }) =>
  ctx.uploadPlaceHeld || !ctx.user ? next() : ctx.deps.photos.uploads.hold(ctx.user.id, () => next()),
);

export const publicProcedure = t.procedure.use(ruleErrors);
export const protectedProcedure = t.procedure.use(signedIn);
export const adminProcedure = protectedProcedure.use(adminOnly);
/** A signed-in call that carries a photo: put `.input()` after this, so the place is taken before the body is read. */
export const uploadProcedure = protectedProcedure.use(uploading);
