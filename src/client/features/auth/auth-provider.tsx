// Holds the session user: checked once at start with auth.session, changed by login, sign-up and logout.
// Part of the light shell: it talks to the server with fetch (shellApi), not through TanStack Query.
import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import type { LoginInput, SignupInput } from '../../../shared/schemas/auth';
import type { LoginCodeInput } from '../../../shared/two-factor';
import { errorMessage } from '../../lib/errors';
import { emitSessionEvent, onSessionEvent } from '../../lib/session-events';
import { shellApi } from '../../lib/shell-api';
import { takeSessionCheck } from './early-session';
import { AuthContext, type AuthState, type AuthValue, type LoginOutcome, type SessionUser } from './auth-context';

const NOT_AUTHENTICATED = 'Not authenticated';
const LOGIN_FAILED = 'Login failed';
const SIGNUP_FAILED = 'Signup failed';
const LOGOUT_FAILED = 'Logout failed';

type Action =
  | { type: 'pending' }
  | { type: 'checked' }
  | { type: 'signedIn'; user: SessionUser; newAccount: boolean }
  | { type: 'codeAsked' }
  | { type: 'failed'; error: string }
  | { type: 'signedOut' }
  | { type: 'logoutFailed' }
  | { type: 'updated'; user: SessionUser };

const initialState: AuthState = { user: null, loading: true, checking: true, error: null, newAccount: false };

function reducer(state: AuthState, action: Action): AuthState {
  switch (action.type) {
    case 'pending':
      return { ...state, loading: true, error: null };
    case 'checked':
      return { ...state, checking: false };
    case 'signedIn':
      return { ...state, user: action.user, loading: false, error: null, newAccount: action.newAccount };
    case 'codeAsked':
      return { ...state, user: null, loading: false, error: null };
    case 'failed':
      return { ...state, user: null, loading: false, error: action.error };
    case 'signedOut':
      return { ...state, user: null, error: null };
    case 'logoutFailed':
      return { ...state, error: LOGOUT_FAILED };
    case 'updated':
      // Only the user who is signed in: an answer that arrives after a sign-out changes nothing.
      return state.user?._id === action.user._id ? { ...state, user: action.user } : state;
  }
}

/** The user of an answer that always signs in (a sign-up, a login's second step): it never asks for a code. */
function signedInUser(outcome: LoginOutcome): SessionUser {
  if (!('user' in outcome)) throw new Error(LOGIN_FAILED);
  return outcome.user;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reducer, initialState);
  const checkStarted = useRef(false);
  const signedIn = useRef(false);
  useEffect(() => {
    signedIn.current = state.user !== null;
  }, [state.user]);

  // The one session check at app start. The ref survives StrictMode's double effect, so it runs once.
  useEffect(() => {
    if (checkStarted.current) return;
    checkStarted.current = true;
    dispatch({ type: 'pending' });
    takeSessionCheck()
      // A visitor is no error for the server (no 401 in the console), but the client records one
      // (docs/rules/screens.md#who-sees-which-page).
      .then(({ user }) => dispatch(user ? { type: 'signedIn', user, newAccount: false } : { type: 'failed', error: NOT_AUTHENTICATED }))
      .catch((error: unknown) => dispatch({ type: 'failed', error: errorMessage(error, NOT_AUTHENTICATED) }))
      .finally(() => dispatch({ type: 'checked' }));
  }, []);

  // A session that ends elsewhere (expired, password changed on another device) signs this tab out.
  useEffect(
    () =>
      onSessionEvent('unauthorized', () => {
        // A 401 while signed out (a wrong password, say) is expected, not a lost session.
        if (!signedIn.current) return;
        emitSessionEvent('userChanged');
        dispatch({ type: 'signedOut' });
      }),
    [],
  );

  const signIn = useCallback(async (run: () => Promise<LoginOutcome>, fallback: string, newAccount: boolean): Promise<LoginOutcome> => {
    dispatch({ type: 'pending' });
    try {
      // The answer also carries a token; this client keeps the session in its HttpOnly cookie only.
      const answer = await run();
      if (!('user' in answer)) {
        dispatch({ type: 'codeAsked' });
        return { challenge: answer.challenge };
      }
      // Whatever was cached belonged to nobody (or someone else): the data layer starts clean.
      emitSessionEvent('userChanged');
      dispatch({ type: 'signedIn', user: answer.user, newAccount });
      return { user: answer.user };
    } catch (error) {
      const message = errorMessage(error, fallback);
      dispatch({ type: 'failed', error: message });
      throw new Error(message, { cause: error });
    }
  }, []);

  const login = useCallback((input: LoginInput) => signIn(() => shellApi.login(input), LOGIN_FAILED, false), [signIn]);
  const loginWithCode = useCallback(
    async (input: LoginCodeInput) => signedInUser(await signIn(() => shellApi.loginWithCode(input), LOGIN_FAILED, false)),
    [signIn],
  );
  const signup = useCallback(
    async (input: SignupInput) => signedInUser(await signIn(() => shellApi.signup(input), SIGNUP_FAILED, true)),
    [signIn],
  );

  const logout = useCallback(async (): Promise<boolean> => {
    try {
      await shellApi.logout();
    } catch {
      dispatch({ type: 'logoutFailed' });
      return false;
    }
    // Nothing of the last user's data may be shown to whoever uses this browser next.
    emitSessionEvent('userChanged');
    dispatch({ type: 'signedOut' });
    return true;
  }, []);

  const updateUser = useCallback((user: SessionUser) => dispatch({ type: 'updated', user }), []);

  const value = useMemo<AuthValue>(
    () => ({ ...state, login, loginWithCode, signup, logout, updateUser }),
    [state, login, loginWithCode, signup, logout, updateUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
