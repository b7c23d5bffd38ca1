// Conversations about an auction (docs/rules/messages.md): the caller's list, one conversation (read
// on a ten-second poll while the page is visible), sending a message, and the menu's counts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import { useTRPC } from '../../lib/trpc';

type Outputs = inferRouterOutputs<AppRouter>;
export type Conversation = Outputs['messages']['conversations'][number];
export type Message = Outputs['messages']['read']['messages'][number];

/**
 * How often an open conversation asks for news. A conversation is slow, and no live channel carries
 * messages; TanStack Query pauses the poll while the tab is hidden.
 */
const POLL_MS = 10_000;

/** The caller's conversations, latest first, each with its unread count. */
export function useConversations() {
  const trpc = useTRPC();
  return useQuery(trpc.messages.conversations.queryOptions(undefined, { refetchInterval: POLL_MS }));
}

/** One conversation, oldest first: the seller names the other party (`withUserId`), anyone else names nobody. */
export function useConversation(auctionId: string, withUserId: string | undefined) {
  const trpc = useTRPC();
  return useQuery(trpc.messages.read.queryOptions({ auctionId, with: withUserId ?? null }, { refetchInterval: POLL_MS }));
}

/**
 * Reading a conversation marks it read on the server: the list's and the menu's unread counts are
 * asked again. Called when news arrived, not on every poll.
 */
export function useRefreshUnread() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [trpc.messages.conversations.pathKey(), trpc.user.activity.pathKey()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

/** Sends a message; the conversation shows it at once (the answer is the message as kept), and the list moves it up. */
export function useSendMessage(auctionId: string, withUserId: string | undefined) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const readKey = trpc.messages.read.queryKey({ auctionId, with: withUserId ?? null });
  return useMutation(
    trpc.messages.send.mutationOptions({
      onSuccess: (message) => {
        queryClient.setQueryData(readKey, (old) =>
          old && !old.messages.some((m) => m._id === message._id) ? { messages: [...old.messages, message] } : old,
        );
        void queryClient.invalidateQueries({ queryKey: trpc.messages.conversations.pathKey() });
      },
    }),
  );
}

/**
 * What waits for the user, for the menu's badges: unread messages and orders where it is their turn.
 * Asked afresh each time the menu opens (it mounts then), and kept while it stays open.
 */
export function useActivity() {
  const trpc = useTRPC();
  return useQuery(trpc.user.activity.queryOptions(undefined, { staleTime: 0 }));
}
