import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { emailField, nameText } from './common';

export const PASSWORD_HINT = `Password must be at least ${PASSWORD_MIN} characters long`;

/** A new password: length only; never trimmed, since spaces are legitimate characters in a passphrase. */
export const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, PASSWORD_HINT)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

// z.object strips unknown keys, so a `role` sent at signup never reaches the service.
export const signupInput = z.object({
  name: nameText('Name', 100),
  email: emailField,
  password: newPasswordField,
});
export type SignupInput = z.infer<typeof signupInput>;

export const loginInput = z.object({
  email: emailField,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type LoginInput = z.infer<typeof loginInput>;

export const forgotPasswordInput = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

/** The token of a mailed link, as the link carries it. */
const linkToken = (incomplete: string) => z.string({ error: incomplete }).trim().min(1, incomplete).max(200);

const resetToken = linkToken('The reset link is incomplete');

export const resetPasswordInput = z.object({
  token: resetToken,
  password: newPasswordField,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

/** Whether a reset link can still work, asked before its form is shown. */
export const checkResetTokenInput = z.object({ token: resetToken });
export type CheckResetTokenInput = z.infer<typeof checkResetTokenInput>;

export const verifyEmailInput = z.object({ token: linkToken('The confirmation link is incomplete') });
export type VerifyEmailInput = z.infer<typeof verifyEmailInput>;
