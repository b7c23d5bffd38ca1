// Deleting an account (docs/rules/accounts.md#deleting-an-account), by its owner or by an
// administrator: the name it is shown under afterwards, the words of its refusals, and the inputs of
// its calls, shared by the server (which says them) and the client (which shows them).
import { z } from 'zod';
import { PASSWORD_MAX } from './constants';

/** What a deleted account is called wherever it still appears: ended auctions, orders, messages, feedback. */
export const DELETED_USER_NAME = 'Deleted user';

/** Who asks: the owner (on /profile, with the password) or an administrator (on /admin/users). */
export type Deleter = 'owner' | 'admin';

/** Why an account cannot be deleted yet: a trade still under way. */
export type DeletionBlock = 'selling' | 'leading' | 'order';

const subject = (who: Deleter) => (who === 'owner' ? 'You have' : 'This user has');
const subjectLeads = (who: Deleter) => (who === 'owner' ? 'You are' : 'This user is');
const afterwards = (who: Deleter) =>
  who === 'owner' ? 'your account can be deleted once it is over.' : 'the account can be deleted once it is over.';

export const DELETION_WORDS = {
  passwordMissing: 'Please enter your password',
  passwordWrong: 'Password is incorrect.',
  blocked: (block: DeletionBlock, who: Deleter): string => {
    if (block === 'selling') return `${subject(who)} an auction with bids that has not ended: ${afterwards(who)}`;
    if (block === 'leading') return `${subjectLeads(who)} the highest bidder on an auction that has not ended: ${afterwards(who)}`;
    return `${subject(who)} an order that is neither received nor cancelled: ${afterwards(who)}`;
  },
  /** An administrator's account is demoted first, by another administrator, so that the site never loses its last one. */
  admin: (who: Deleter) =>
    who === 'owner'
      ? 'An administrator account cannot be deleted: ask another administrator to make you a user first.'
      : 'An administrator account cannot be deleted: make them a user first.',
  notYourself: 'You cannot delete your own account here: use your profile page.',
  already: 'This account was already deleted.',
  changed: 'This account changed meanwhile: reload the page and try again.',
  /** What the owner is told once it is done (the home page shows it). */
  done: 'Your account was deleted. Thank you for having been with us.',
  /** What an administrator is told once it is done. */
  adminDone: 'The account was deleted.',
};

/** The owner's deletion: the password, as for turning two-factor sign-in off. */
export const deleteAccountInput = z.object({
  password: z
    .string({ error: DELETION_WORDS.passwordMissing })
    .min(1, DELETION_WORDS.passwordMissing)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

/** An administrator's deletion of the account named in the path; any text may name one, an unknown one is 404. */
export const adminDeleteUserInput = z.object({ id: z.string().max(1000) });
export type AdminDeleteUserInput = z.infer<typeof adminDeleteUserInput>;
