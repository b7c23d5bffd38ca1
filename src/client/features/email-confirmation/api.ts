// Confirming the account's address: following the mailed link, and asking for the link again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../lib/trpc';

/**
 * Confirms the address with the link's token once, when the page opens. The call is a mutation (the
 * link is used up), held as a query so that it runs once per token however often the page renders or
 * mounts (React's StrictMode mounts twice in development), and so that coming back to the page shows
 * the answer it had rather than trying a used link again. Never retried: a second try would find the
 * link used.
 */
export function useVerifyEmail(token: string) {
  const client = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      const answer = await client.auth.verifyEmail.mutate({ token });
      // /profile shows whether the address is confirmed.
      await queryClient.invalidateQueries({ queryKey: trpc.user.settings.queryKey() });
      return answer;
    },
    enabled: token !== '',
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useSendConfirmationEmail() {
  const trpc = useTRPC();
  return useMutation(trpc.user.sendConfirmationEmail.mutationOptions());
}
