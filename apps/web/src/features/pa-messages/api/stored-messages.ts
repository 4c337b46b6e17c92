// Stored PA messages (spec 02 §2.12, §7 'Public address'): GET PA/StoredMessages, POST and PATCH PA/StoredMessage,
// DELETE PA/StoredMessage/{id}.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TStoredPaMessage, TStoredPaMessageInput, TStoredPaMessageUpdate } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

export function getStoredMessages(signal?: AbortSignal): Promise<TStoredPaMessage[]> {
  return call('paStoredMessageList', undefined, { signal });
}

export function getStoredMessagesQueryOptions() {
  return queryOptions({
    queryKey: ['pa', 'stored-messages'],
    queryFn: ({ signal }) => getStoredMessages(signal),
  });
}

export function useStoredMessages(enabled = true) {
  return useQuery({ ...getStoredMessagesQueryOptions(), enabled });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: getStoredMessagesQueryOptions().queryKey });
}

export function useAddStoredMessage() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TStoredPaMessageInput) => call('paStoredMessageAdd', { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateStoredMessage() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TStoredPaMessageUpdate) => call('paStoredMessageUpdate', { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteStoredMessage() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call('paStoredMessageDelete', { params: { id } }),
    onSuccess: invalidate,
  });
}
