// The signed-in user as the whole client sees it. Provided by AuthProvider.
import { createContext, useContext } from 'react';
import type { LoginInput, SignupInput } from '../../../shared/schemas/auth';
import type { LoginCodeInput } from '../../../shared/two-factor';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';

export type SessionUser = inferRouterOutputs<AppRouter>['user']['me']['user'];

/** A login's first step: signed in, or (two-factor sign-in on) a code asked for, with the challenge to answer. */
export type LoginOutcome = { user: SessionUser } | { challenge: string };

export interface AuthState {
  user: SessionUser | null;
  /** On while the session check, a login or a sign-up is pending. Starts true. */
  loading: boolean;
  /** On only until the one session check at app start has answered; pages and guards wait on this. */
  checking: boolean;
  error: string | null;
  /** True when the user made their account in this tab: greet them, rather than welcome them back. */
  newAccount: boolean;
}

export interface AuthValue extends AuthState {
  /** Resolves with the user; rejects with an Error whose message is meant for a person. */
  login: (input: LoginInput) => Promise<LoginOutcome>;
  /** The second step of a login: the challenge and a code, or a recovery code. */
  loginWithCode: (input: LoginCodeInput) => Promise<SessionUser>;
  signup: (input: SignupInput) => Promise<SessionUser>;
  /** Never rejects: a failure is stored as error 'Logout failed'. Resolves true when signed out. */
  logout: () => Promise<boolean>;
  /** The signed-in user as the server answered a change to them (a new avatar). */
  updateUser: (user: SessionUser) => void;
}

export const AuthContext = createContext<AuthValue | null>(null);

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
