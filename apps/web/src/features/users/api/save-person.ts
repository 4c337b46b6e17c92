// The User modal's writes (spec 02 §4 'User modal', §7): POST user, POST user/update, POST notificationuser,
// POST notificationuser/update, POST user/PromoteNotificationOnlyUser, DELETE user/demote; and, after a full user
// is created or updated, their selected locations saved as preloaded locations (POST
// location/Update/OrganizationLocation/{userId}). Each refreshes the lists through their query factories.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TNotificationUser,
  TNotificationUserAdd,
  TNotificationUserUpdate,
  TUser,
  TUserAdd,
  TUserDemote,
  TUserPromote,
  TUserUpdate,
} from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { getNotificationUsersQueryOptions, getUsersQueryOptions } from './get-people.ts';

/** What the modal sends, by the call its choice needs. */
export type PersonSave =
  | { kind: 'addUser'; body: TUserAdd; locations: number[] }
  | { kind: 'updateUser'; body: TUserUpdate; locations: number[] }
  | { kind: 'promote'; body: TUserPromote; locations: number[] }
  | { kind: 'demote'; body: TUserDemote }
  | { kind: 'addContact'; body: TNotificationUserAdd }
  | { kind: 'updateContact'; body: TNotificationUserUpdate };

export type PersonSaved = { user: TUser } | { contact: TNotificationUser };

/** Saves a full user's preloaded locations (spec 02 §4: after creating or updating a full user). */
export function savePreloadedLocations(userId: string, organizationLocationIds: readonly number[]) {
  return call('locationReplacePreloaded', {
    params: { userId },
    body: organizationLocationIds.map((organizationLocationId) => ({ organizationLocationId })),
  });
}

/** Sends the save; a full user's locations follow once the user is saved. */
export async function savePerson(save: PersonSave): Promise<PersonSaved> {
  switch (save.kind) {
    case 'addContact':
      return { contact: await call('notificationUserAdd', { body: save.body }) };
    case 'updateContact':
      return { contact: await call('notificationUserUpdate', { body: save.body }) };
    case 'demote':
      return { contact: await call('userDemote', { body: save.body }) };
    default: {
      const user =
        save.kind === 'addUser'
          ? await call('userAdd', { body: save.body })
          : save.kind === 'updateUser'
            ? await call('userUpdate', { body: save.body })
            : await call('userPromote', { body: save.body });
      await savePreloadedLocations(user.id, save.locations);
      return { user };
    }
  }
}

/** The save, refreshing both lists (a promotion or demotion moves a person from one to the other). */
export function useSavePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePerson,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getNotificationUsersQueryOptions().queryKey }),
      ]),
  });
}
