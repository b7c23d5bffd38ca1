// Forgotten passwords: whether the site can mail a link, asking for one, and using it.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

export function usePasswordResetAvailable() {
  const trpc = useTRPC();
  // A setting of the server: it does not change while the page is open.
  return useQuery({ ...trpc.auth.passwordResetAvailable.queryOptions(), staleTime: Infinity });
}

export function useForgotPassword() {
  const trpc = useTRPC();
  return useMutation(trpc.auth.forgotPassword.mutationOptions());
}

export function useResetPassword() {
  const trpc = useTRPC();
  return useMutation(trpc.auth.resetPassword.mutationOptions());
}
