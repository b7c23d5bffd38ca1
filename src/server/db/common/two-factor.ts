// Two-factor sign-in, the same on both databases (db/two-factor-store.ts). Every change is one
// conditional statement or one transaction: a step or a recovery code is used up by an update that
// finds it unused, and a login's second step is taken by the delete of its challenge, so of two uses
// at once one wins and the other writes nothing.
import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { TwoFactorProof, TwoFactorStore } from '../two-factor-store';
import type { Db, Dialect, Tables } from './dialect';
import { get, run, type Work } from './work';

/** Thrown inside a unit to roll back what it wrote when the proof turns out to be spent. */
class ProofSpent extends Error {}

/** Uses the proof up: a step after the last one used, or a recovery code not used yet. Whether it was. */
function* useProof(tx: Db, t: Tables, userId: number, proof: TwoFactorProof, at: Date): Work<boolean> {
  const { twoFactor, recoveryCodes } = t;
  if ('step' in proof) {
    const later = or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, proof.step));
    const used = yield* get(
      tx
        .update(twoFactor)
        .set({ lastStep: proof.step })
        .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt), later))
        .returning({ userId: twoFactor.userId }),
    );
    return used !== undefined;
  }
  const used = yield* get(
    tx
      .update(recoveryCodes)
      .set({ usedAt: at })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, proof.recoveryCodeHash), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id }),
  );
  return used !== undefined;
}

export function twoFactorQueries({ db, t, transaction }: Dialect): TwoFactorStore {
  const { twoFactor, recoveryCodes, loginChallenges, users } = t;
  const live = (id: string, now: Date, tries: number) =>
    and(eq(loginChallenges.id, id), gt(loginChallenges.expiresAt, now), lt(loginChallenges.failures, tries));
  return {
    async of(userId) {
      const [row] = await db
        .select({ secret: twoFactor.secret, enabledAt: twoFactor.enabledAt, lastStep: twoFactor.lastStep })
        .from(twoFactor)
        .where(eq(twoFactor.userId, userId));
      return row && { secret: row.secret, enabled: row.enabledAt !== null, lastStep: row.lastStep };
    },
    async setPending(userId, secret, at) {
      const kept = await db
        .insert(twoFactor)
        .values({ userId, secret, createdAt: at })
        .onConflictDoUpdate({
          target: twoFactor.userId,
          set: { secret, createdAt: at, lastStep: null },
          // Only a pending secret is replaced: one in force stays until two-factor is turned off.
          setWhere: isNull(twoFactor.enabledAt),
        })
        .returning({ userId: twoFactor.userId });
      return kept.length > 0;
    },
    enable(userId, secret, step, recoveryCodeHashes, at) {
      return transaction(function* (tx) {
        const enabled = yield* get(
          tx
            .update(twoFactor)
            .set({ enabledAt: at, lastStep: step })
            .where(and(eq(twoFactor.userId, userId), eq(twoFactor.secret, secret), isNull(twoFactor.enabledAt)))
            .returning({ userId: twoFactor.userId }),
        );
        if (!enabled) return false;
        yield* run(tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)));
        yield* run(tx.insert(recoveryCodes).values(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash }))));
        return true;
      });
    },
    disable(userId, proof, at) {
      return transaction(function* (tx) {
        if (!(yield* useProof(tx, t, userId, proof, at))) return false;
        yield* run(tx.delete(twoFactor).where(eq(twoFactor.userId, userId)));
        yield* run(tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)));
        yield* run(tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId)));
        return true;
      });
    },
    async createChallenge(challenge) {
      await transaction(function* (tx) {
        // Expired challenges are dropped here, so the table holds only the last few minutes'.
        yield* run(tx.delete(loginChallenges).where(lte(loginChallenges.expiresAt, challenge.createdAt)));
        yield* run(tx.insert(loginChallenges).values(challenge));
      });
    },
    async challenge(id, now, tries) {
      const [row] = await db
        .select({
          userId: users.id,
          email: users.email,
          secret: twoFactor.secret,
          enabledAt: twoFactor.enabledAt,
          lastStep: twoFactor.lastStep,
        })
        .from(loginChallenges)
        .innerJoin(users, eq(users.id, loginChallenges.userId))
        .innerJoin(twoFactor, eq(twoFactor.userId, loginChallenges.userId))
        .where(and(live(id, now, tries), isNotNull(twoFactor.enabledAt)));
      return row && { userId: row.userId, email: row.email, secret: row.secret, enabled: true, lastStep: row.lastStep };
    },
    async passChallenge(id, now, tries, proof) {
      try {
        return await transaction(function* (tx) {
          // The delete takes the challenge: a second pass of it waits for this one, then finds it gone.
          const taken = yield* get(
            tx
              .delete(loginChallenges)
              .where(live(id, now, tries))
              .returning({ userId: loginChallenges.userId }),
          );
          if (!taken) return undefined;
          if (!(yield* useProof(tx, t, taken.userId, proof, now))) throw new ProofSpent();
          return taken.userId;
        });
      } catch (error) {
        // The proof was used meanwhile (the same code in two tabs): the challenge stays for another code.
        if (error instanceof ProofSpent) return undefined;
        throw error;
      }
    },
    async failChallenge(id, now, tries) {
      await db
        .update(loginChallenges)
        .set({ failures: sql`${loginChallenges.failures} + 1` })
        .where(live(id, now, tries));
    },
  };
}
