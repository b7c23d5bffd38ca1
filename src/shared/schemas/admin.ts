import { z } from 'zod';
import { ADMIN_SEARCH_MAX, ADMIN_USERS_MAX_LIMIT, ADMIN_USERS_PAGE_SIZE } from '../constants';
import { AUCTION_STATUSES } from '../constants';
import { CONTROL_CHARACTER, linesText, pageFields, wholeNumber } from './common';

export const ADMIN_USER_SORT_COLUMNS = ['name', 'email', 'role', 'createdAt', 'lastLogin'] as const;
export type AdminUserSortColumn = (typeof ADMIN_USER_SORT_COLUMNS)[number];

export const adminUsersInput = z
  .object({
    page: wholeNumber('page').pipe(z.number().min(1, 'page must be 1 or more')).default(1),
    search: z
      .string()
      .trim()
      .max(ADMIN_SEARCH_MAX, `search must be at most ${ADMIN_SEARCH_MAX} characters`)
      // No name or email holds one, and the full-text index cannot take a NUL.
      .refine((value) => !CONTROL_CHARACTER.test(value), 'search cannot contain control characters')
      .default(''),
    role: z.enum(['all', 'user', 'admin'], { error: 'role must be all, user or admin' }).default('all'),
    limit: wholeNumber('limit')
      .pipe(z.number().min(1, 'limit must be from 1 to 100').max(ADMIN_USERS_MAX_LIMIT, 'limit must be from 1 to 100'))
      .default(ADMIN_USERS_PAGE_SIZE),
    sortBy: z.enum(ADMIN_USER_SORT_COLUMNS, { error: `sortBy must be one of ${ADMIN_USER_SORT_COLUMNS.join(', ')}` }).default('createdAt'),
    sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).default('desc'),
  })
  .default({ page: 1, search: '', role: 'all', limit: ADMIN_USERS_PAGE_SIZE, sortBy: 'createdAt', sortOrder: 'desc' });
export type AdminUsersInput = z.infer<typeof adminUsersInput>;

const ADMIN_PAGE_SIZE = 20;

export const ADMIN_AUCTION_STATUSES = ['all', ...AUCTION_STATUSES] as const;

export const adminAuctionsInput = z
  .object({
    status: z.enum(ADMIN_AUCTION_STATUSES, { error: `status must be one of ${ADMIN_AUCTION_STATUSES.join(', ')}` }).default('all'),
    ...pageFields(ADMIN_PAGE_SIZE, 100),
  })
  .default({ status: 'all', limit: ADMIN_PAGE_SIZE });
export type AdminAuctionsInput = z.infer<typeof adminAuctionsInput>;

export const adminMessagesInput = z.object(pageFields(ADMIN_PAGE_SIZE, 100)).default({ limit: ADMIN_PAGE_SIZE });

/** The longest reason an administrator may give for an action on someone else's account or bids. */
export const MODERATION_REASON_MAX = 500;

/** An administrator removes a user's bids from an open auction (against shill bidding), saying why. */
export const removeBidderInput = z.object({
  auctionId: z.string().trim().min(1, 'auctionId is required').max(32),
  userId: z.string().trim().min(1, 'userId is required').max(32),
  reason: linesText('Reason', MODERATION_REASON_MAX),
});
export type RemoveBidderInput = z.infer<typeof removeBidderInput>;
