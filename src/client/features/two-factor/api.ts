// Two-factor sign-in from /privacy: set up, turn on, turn off. Each change that takes hold updates the
// signed-in user (its `twoFactor`), so the page shows the new state without asking again.
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';

/** A new pending secret and its otpauth URL; the only answer that ever carries the secret. */
export function useSetupTwoFactor() {
  const trpc = useTRPC();
  return useMutation(trpc.user.setupTwoFactor.mutationOptions());
}

function useTwoFactorSwitch() {
  const { user, updateUser } = useAuth();
  return (on: boolean) => {
    if (user) updateUser({ ...user, twoFactor: on });
  };
}

/** Turns the pending secret on with a code; answers the recovery codes, shown once. */
export function useEnableTwoFactor() {
  const trpc = useTRPC();
  const turned = useTwoFactorSwitch();
  return useMutation(trpc.user.enableTwoFactor.mutationOptions({ onSuccess: () => turned(true) }));
}

export function useDisableTwoFactor() {
  const trpc = useTRPC();
  const turned = useTwoFactorSwitch();
  return useMutation(trpc.user.disableTwoFactor.mutationOptions({ onSuccess: () => turned(false) }));
}

/** The message a refusal from the server gives one field, from the issues its error carries. */
export function issueFor(error: unknown, field: string): string | undefined {
  const issues = (error as { data?: { issues?: unknown } } | null)?.data?.issues;
  if (!Array.isArray(issues)) return undefined;
  const issue = (issues as Array<{ path?: unknown; message?: unknown }>).find((i) => i.path === field);
  return typeof issue?.message === 'string' ? issue.message : undefined;
}
