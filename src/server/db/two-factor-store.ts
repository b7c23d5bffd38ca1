// What the store does for two-factor sign-in (db/common/two-factor.ts, the same on both databases).

/** A user's authenticator secret: pending until a code proved it (`enabled`). */
export interface TwoFactorRecord {
  secret: string;
  enabled: boolean;
  /** The step of the last code accepted: it and every earlier one are refused. */
  lastStep: number | null;
}

/** A live second step of a login, with what checking its code needs. */
export interface LoginChallengeRecord extends TwoFactorRecord {
  userId: number;
  email: string;
}

/** What a code proved: a step of the authenticator's, or a recovery code (by its hash). */
export type TwoFactorProof = { step: number } | { recoveryCodeHash: string };

export interface TwoFactorStore {
  of(userId: number): Promise<TwoFactorRecord | undefined>;
  /**
   * Keeps `secret` as the user's pending one, in place of a pending one before, in one conditional
   * statement: false, writing nothing, when two-factor is on.
   */
  setPending(userId: number, secret: string, at: Date): Promise<boolean>;
  /**
   * In one transaction: turns on the pending `secret` with `step` as the last step used, and keeps the
   * recovery codes' hashes. False, writing nothing, when the secret is no longer the pending one (set
   * up again meanwhile, or already turned on).
   */
  enable(userId: number, secret: string, step: number, recoveryCodeHashes: string[], at: Date): Promise<boolean>;
  /**
   * In one transaction: uses the proof up and turns two-factor off (the secret, the recovery codes and
   * the login challenges deleted). False, writing nothing, when the proof no longer holds (used
   * meanwhile) or two-factor is off.
   */
  disable(userId: number, proof: TwoFactorProof, at: Date): Promise<boolean>;
  /** Stores a login's second step (by its token's hash); the expired ones are dropped meanwhile. */
  createChallenge(challenge: { id: string; userId: number; createdAt: Date; expiresAt: Date }): Promise<void>;
  /** A challenge still live at `now` (not expired, fewer than `tries` wrong codes), with the user's secret. */
  challenge(id: string, now: Date, tries: number): Promise<LoginChallengeRecord | undefined>;
  /**
   * In one transaction: takes the live challenge and uses the proof up. The user's id; or undefined,
   * writing nothing, when the challenge is gone or the proof no longer holds.
   */
  passChallenge(id: string, now: Date, tries: number, proof: TwoFactorProof): Promise<number | undefined>;
  /** Counts a wrong code against the live challenge, in one conditional update. */
  failChallenge(id: string, now: Date, tries: number): Promise<void>;
}
