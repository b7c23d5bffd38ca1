import { z } from 'zod';
import { PASSWORD_MAX } from '../constants';
import { AVATAR_MISSING } from '../photos';
import { PASSWORD_HINT, newPasswordField } from './auth';
import { filesIn, pageFields } from './common';

export const PLEASE_ENTER_ALL_FIELDS = 'Please enter all fields';
export const PASSWORDS_DO_NOT_MATCH = 'New password and confirm password do not match.';

const anyPassword = z
  .string({ error: PLEASE_ENTER_ALL_FIELDS })
  .min(1, PLEASE_ENTER_ALL_FIELDS)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const changePasswordInput = z
  .object({
    currentPassword: anyPassword,
    newPassword: anyPassword.pipe(newPasswordField),
    confirmPassword: anyPassword,
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: 'New password must be different from the current password.',
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export { PASSWORD_HINT };

export const userSettingsInput = z.object({
  emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }),
});
export type UserSettingsInput = z.infer<typeof userSettingsInput>;

/** Watch an auction or stop watching it. Any text may name the auction: one that names none is 404, not 400. */
export const setWatchingInput = z.object({ auctionId: z.string().max(1000), watching: z.boolean() });

/** What user.setAvatar takes: multipart form data with the photo as `avatar`. */
export const setAvatarInput = z
  .instanceof(FormData, { message: 'Expected multipart form data' })
  .transform((form) => ({ avatar: form.get('avatar') ?? undefined, fileCount: filesIn(form) }))
  .pipe(
    z.object({
      // A form sent without choosing a file still carries an empty file: no photo either.
      avatar: z.instanceof(File, { message: AVATAR_MISSING }).refine((file) => file.size > 0, AVATAR_MISSING),
      fileCount: z.number(),
    }),
  );
export type SetAvatarForm = z.output<typeof setAvatarInput>;

/** The most auctions a page of the watchlist or of my bids holds, and how many it holds unless told. */
export const OWN_LIST_PAGE_MAX = 100;

/**
 * A page of one of the user's own lists (the watchlist, my bids): `limit` auctions after the one the
 * cursor names. The cursor is the opaque one the previous page handed out.
 */
export const ownListPageInput = z
  .object({
    limit: pageFields(OWN_LIST_PAGE_MAX, OWN_LIST_PAGE_MAX).limit,
    cursor: z
      .string()
      .regex(/^[\w-]{1,200}$/, 'Invalid cursor')
      .nullish(),
  })
  .default({ limit: OWN_LIST_PAGE_MAX });
export type OwnListPageInput = z.infer<typeof ownListPageInput>;
