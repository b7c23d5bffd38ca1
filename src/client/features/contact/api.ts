import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** Sends a message to the administrators' inbox. */
export function useSendContactMessage() {
  const trpc = useTRPC();
  return useMutation(trpc.contact.send.mutationOptions());
}
