// My Notification Settings' calls (spec 02 §7 'Policies and settings'; issue 15): GET and POST Settings/Notifications,
// GET and POST Settings/AlertTimes, POST User/Notifications; each save answers the message the page shows. Saving
// refreshes GET user/current too (the bell reads the declines from it).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAlertTimesUpdate,
  TNotificationSettingsUpdate,
  TUserNotificationsUpdate,
} from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { getCurrentUserQueryOptions } from '../../../lib/session/current-user.ts';

export function getNotificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['settings', 'notifications'],
    queryFn: ({ signal }) => call('settingsNotificationsGet', undefined, { signal }),
  });
}

export function getAlertTimesQueryOptions() {
  return queryOptions({
    queryKey: ['settings', 'alert-times'],
    queryFn: ({ signal }) => call('settingsAlertTimesGet', undefined, { signal }),
  });
}

/** Each channel's state (configured, outbox, off): an unavailable channel is shown as such. */
export function getChannelsQueryOptions() {
  return queryOptions({
    queryKey: ['notification', 'channels'],
    queryFn: ({ signal }) => call('notificationChannels', undefined, { signal }),
  });
}

export const useNotificationSettings = () => useQuery(getNotificationSettingsQueryOptions());
export const useAlertTimes = () => useQuery(getAlertTimesQueryOptions());
export const useChannels = () => useQuery(getChannelsQueryOptions());

/** Saves the settings and the schedule; answers the settings call's message. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      settings,
      schedule,
    }: {
      settings: TNotificationSettingsUpdate;
      schedule: TAlertTimesUpdate;
    }) => {
      await call('settingsAlertTimesSave', { body: schedule });
      return call('settingsNotificationsSave', { body: settings });
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['settings'] }),
        client.invalidateQueries({ queryKey: getCurrentUserQueryOptions().queryKey }),
      ]),
  });
}

/** The enable-notifications toggle (and the channels). */
export function useSaveUserNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUserNotificationsUpdate) => call('userNotificationsSave', { body }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: getNotificationSettingsQueryOptions().queryKey }),
        client.invalidateQueries({ queryKey: getCurrentUserQueryOptions().queryKey }),
      ]),
  });
}
