// The few calls the first page needs, made straight over tRPC's HTTP format with fetch. The landing
// page, the header and the session check must not wait for the tRPC client and TanStack Query
// (about 25 kB gzipped together): those load with the first page that reads data.
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/trpc/router';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

/** A failed call: the server's message when it answered with one, and the HTTP status (0: no answer). */
export class ApiError extends Error {
  constructor(
    readonly serverMessage: string | undefined,
    readonly status: number,
  ) {
    super(serverMessage ?? `Request failed (${status})`);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/trpc/${path}`, init);
  } catch {
    throw new ApiError(undefined, 0);
  }
  const body = (await response.json().catch(() => undefined)) as { result?: { data: T }; error?: { message?: string } } | undefined;
  if (!response.ok || !body?.result) throw new ApiError(body?.error?.message, response.status);
  return body.result.data;
}

const post = (input?: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: input === undefined ? undefined : JSON.stringify(input),
});

export const shellApi = {
  session: () => call<Outputs['auth']['session']>('auth.session'),
  login: (input: Inputs['auth']['login']) => call<Outputs['auth']['login']>('auth.login', post(input)),
  loginWithCode: (input: Inputs['auth']['loginWithCode']) => call<Outputs['auth']['loginWithCode']>('auth.loginWithCode', post(input)),
  signup: (input: Inputs['auth']['signup']) => call<Outputs['auth']['signup']>('auth.signup', post(input)),
  logout: () => call<Outputs['auth']['logout']>('auth.logout', post()),
  liveAuctions: () => call<Outputs['auction']['live']>('auction.live'),
  demoAccounts: () => call<Outputs['auth']['demoAccounts']>('auth.demoAccounts'),
};
