// Forgotten passwords: whether the site can mail a link, asking for one, and using it.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../lib/trpc';

export function usePasswordResetAvailable() {
  const trpc = useTRPC();
  // A setting of the server: it does not change while the page is open.
  return useQuery({ ...trpc.auth.passwordResetAvailable.queryOptions(), staleTime: Infinity });
}

export function useForgotPassword() {
  const trpc = useTRPC();
  return useMutation(trpc.auth.forgotPassword.mutationOptions());
}

/**
 * Whether the link's token can still set a password, asked when the page opens so that a dead link
 * gets a message instead of a form. A mutation on the server (the token stays out of URLs, and the
 * check counts like a try), held here as a query: asked once per visit, never retried.
 */
export function useResetTokenCheck(token: string) {
  const client = useTRPCClient();
  return useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => client.auth.checkResetToken.mutate({ token }),
    enabled: token !== '',
    staleTime: Infinity,
    // Asked again on the next visit: the link may have been used meanwhile.
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useResetPassword() {
  const trpc = useTRPC();
  return useMutation(trpc.auth.resetPassword.mutationOptions());
}
