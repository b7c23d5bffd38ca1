import { z } from 'zod';
import { ADMIN_USERS_MAX_LIMIT, ADMIN_USERS_PAGE_SIZE } from '../constants';
import { CONTROL_CHARACTER } from './common';

/** A whole number from a JSON number or a query-string digit string; anything else is refused. */
const wholeNumber = (label: string) =>
  z.union([z.number().int(), z.string().trim().regex(/^\d{1,9}$/)], { error: `${label} must be a whole number` }).transform(Number);

export const ADMIN_USER_SORT_COLUMNS = ['name', 'email', 'role', 'createdAt', 'lastLogin'] as const;
export type AdminUserSortColumn = (typeof ADMIN_USER_SORT_COLUMNS)[number];

export const adminUsersInput = z
  .object({
    page: wholeNumber('page').pipe(z.number().min(1, 'page must be 1 or more')).default(1),
    search: z
      .string()
      .trim()
      .max(100, 'search must be at most 100 characters')
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

export const adminAuctionsInput = z
  .object({
    status: z.enum(['all', 'active', 'ended']).default('all'),
    limit: wholeNumber('limit').pipe(z.number().min(1).max(100)).default(20),
    cursor: z.string().regex(/^\d{1,15}$/, 'Invalid cursor').nullish(),
  })
  .default({ status: 'all', limit: 20 });
export type AdminAuctionsInput = z.infer<typeof adminAuctionsInput>;

export const adminMessagesInput = z
  .object({
    limit: wholeNumber('limit').pipe(z.number().min(1).max(100)).default(20),
    cursor: z.string().regex(/^\d{1,15}$/, 'Invalid cursor').nullish(),
  })
  .default({ limit: 20 });
