// Making administrators from the command line (scripts/create-admin.ts): sign-up never makes one.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { newPasswordField } from '../../shared/schemas/auth';
import { emailField, nameText } from '../../shared/schemas/common';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { badRequest } from './errors';
import { hashPassword } from './passwords';
import { toUser, type User } from './users';

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
  user: User;
}

/**
 * Creates an admin with this email, or makes the existing account with it an admin. An existing
 * account keeps its password and name: promoting someone must not lock them out.
 */
export async function createOrPromoteAdmin(db: Db, input: CreateAdminInput, now: number = Date.now()): Promise<CreateAdminResult> {
  const parsed = createAdminInput.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  const { email, password, name } = parsed.data;

  // Hashed up front, since the transaction below must not await; unused when the account exists.
  const passwordHash = await hashPassword(password);
  return db.transaction(
    (tx) => {
      const existing = tx.select().from(users).where(eq(users.email, email)).get();
      if (existing) {
        if (existing.role === 'admin') return { outcome: 'unchanged' as const, user: toUser(existing) };
        const promoted = tx.update(users).set({ role: 'admin' }).where(eq(users.id, existing.id)).returning().get();
        return { outcome: 'promoted' as const, user: toUser(promoted) };
      }
      const created = tx
        .insert(users)
        .values({ name, email, passwordHash, role: 'admin', createdAt: new Date(now) })
        .returning()
        .get();
      return { outcome: 'created' as const, user: toUser(created) };
    },
    { behavior: 'immediate' },
  );
}
