// Making administrators from the command line (scripts/create-admin.ts): sign-up never makes one.
import { z } from 'zod';
import { newPasswordField } from '../../shared/schemas/auth';
import { emailField, nameText } from '../../shared/schemas/common';
import type { AppDeps } from '../deps';
import { badRequest } from '../domain/errors';
import { hashPassword } from './passwords';
import type { User } from './users';

export const DEFAULT_ADMIN_NAME = 'Administrator';

export const createAdminInput = z.object({
  email: emailField,
  password: newPasswordField,
  name: nameText('Name', 100).default(DEFAULT_ADMIN_NAME),
});
export type CreateAdminInput = z.input<typeof createAdminInput>;

export interface CreateAdminResult {
  /** created: a new admin; promoted: an existing user became admin; unchanged: already an admin. */
  outcome: 'created' | 'promoted' | 'unchanged';
  /** Who, for the command line to print (it serves no avatar). */
  user: Pick<User, '_id' | 'name' | 'email' | 'role'>;
}

/**
 * Creates an admin with this email, or makes the existing account with it an admin. An existing
 * account keeps its password and name: promoting someone must not lock them out.
 */
export async function createOrPromoteAdmin(deps: Pick<AppDeps, 'store' | 'now'>, input: CreateAdminInput): Promise<CreateAdminResult> {
  const parsed = createAdminInput.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  const { email, password, name } = parsed.data;
  // Hashed up front (the transaction does not wait for it); unused when the account exists.
  const passwordHash = await hashPassword(password);
  const { outcome, user } = await deps.store.users.createOrPromoteAdmin({ name, email, passwordHash, createdAt: new Date(deps.now()) });
  return { outcome, user: { _id: String(user.id), name: user.name, email: user.email, role: user.role } };
}
