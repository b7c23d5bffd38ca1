// The signed-in user's own account: sign-ins, password, avatar and e-mail settings.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';

/** Sign-ins change rarely, so this list stays fresh longer than auction data (docs/rules/screens.md#caching-and-freshness). */
const LOGIN_HISTORY_STALE_MS = 5 * 60_000;

export function useLoginHistory() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.user.logins.queryOptions(), staleTime: LOGIN_HISTORY_STALE_MS });
}

export function useChangePassword() {
  const trpc = useTRPC();
  return useMutation(trpc.user.changePassword.mutationOptions());
}

/** A photo (FormData with `avatar`) as the user's avatar; the whole client shows it at once. */
export function useSetAvatar() {
  const trpc = useTRPC();
  const { updateUser } = useAuth();
  return useMutation(trpc.user.setAvatar.mutationOptions({ onSuccess: ({ user }) => updateUser(user) }));
}

/** Back to the drawn initial. */
export function useRemoveAvatar() {
  const trpc = useTRPC();
  const { updateUser } = useAuth();
  return useMutation(trpc.user.removeAvatar.mutationOptions({ onSuccess: ({ user }) => updateUser(user) }));
}

/** Whether notices are mailed to the user, and whether this site sends mail at all. */
export function useUserSettings() {
  const trpc = useTRPC();
  return useQuery(trpc.user.settings.queryOptions());
}

export function useUpdateUserSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.user.updateSettings.mutationOptions({
      onSuccess: (settings) => queryClient.setQueryData(trpc.user.settings.queryKey(), settings),
    }),
  );
}

/** Deletes the account with its password; the caller signs the tab out once it is done. */
export function useDeleteAccount() {
  const trpc = useTRPC();
  return useMutation(trpc.user.deleteAccount.mutationOptions());
}
