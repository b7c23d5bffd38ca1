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

export const resetPasswordInput = z.object({
  token: z.string({ error: 'The reset link is incomplete' }).trim().min(1, 'The reset link is incomplete').max(200),
  password: newPasswordField,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;
