// DELETE /api/user/{id} and DELETE /api/notificationuser/{id} (spec 02 §7), from the table's delete action.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { getNotificationUsersQueryOptions, getUsersQueryOptions } from './get-people.ts';

export type PersonRef = { kind: 'user'; id: string } | { kind: 'contact'; id: number };

export function deletePerson(person: PersonRef): Promise<string> {
  return person.kind === 'user'
    ? call('userDelete', { params: { id: person.id } })
    : call('notificationUserDelete', { params: { id: person.id } });
}

export function useDeletePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePerson,
    onSuccess: (_text, person) =>
      queryClient.invalidateQueries({
        queryKey: (person.kind === 'user' ? getUsersQueryOptions() : getNotificationUsersQueryOptions())
          .queryKey,
      }),
  });
}
