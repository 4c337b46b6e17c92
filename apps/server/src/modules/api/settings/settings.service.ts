// My Notification Settings (issue 15; spec 02 §2.9, §3 'User notification settings', §4 'Alert mode', §6, §8, §9):
// the caller's own settings under the profile policy; the alert mode only for whom the policy allows it (the
// geofence permission and an admin role). Everything is read by the notifier at the next alert, so a saved setting
// takes effect at once. Each save answers the message the page shows (after 1 s, spec 02 §8).
import {
  NOTIFICATION_SETTINGS_MESSAGES,
  type TAlertTimesUpdate,
  type TNotificationSettings,
  type TNotificationSettingsUpdate,
  type TUserAlertTimes,
  type TUserNotificationsUpdate,
} from '@allclear/contracts';
import {
  MIDNIGHT,
  NotificationDeliveryType,
  alertModeFlags,
  alertModeOf,
  normaliseAlertTimeRow,
  profilePolicy,
  type AlertMode,
} from '@allclear/domain';
import type { Principal } from '../../../platform/auth.ts';
import type { Bus } from '../../../platform/bus.ts';
import { badRequest } from '../../../platform/errors.ts';
import { authorize } from '../../shared/authorize.ts';
import type { SettingsOwner, SettingsRepository } from './settings.repository.ts';

/** The field error of SMS chosen without a phone number (ours). */
export const SMS_NEEDS_PHONE = 'Add a phone number in My Profile to receive text messages.';

/** Defaults of a user who never saved their settings (as the notifier reads a missing row). */
const DEFAULT_SETTINGS = {
  optOutForecast: false,
  precipitationNotification: true,
  severeWeatherNotification: true,
  proactiveForecastNotification: true,
  notificationType: NotificationDeliveryType.Push,
};

export class SettingsService {
  constructor(
    private readonly repo: SettingsRepository,
    private readonly bus: Bus,
  ) {}

  private async own(p: Principal): Promise<SettingsOwner> {
    const row = await this.repo.findOwner(p.userId);
    return authorize(p, profilePolicy, 'edit', row?.isActive ? row : undefined, 'User');
  }

  async notifications(p: Principal): Promise<TNotificationSettings> {
    const owner = authorize(p, profilePolicy, 'view', await this.own(p), 'User');
    const saved = (await this.repo.settingsOf(owner.userId)) ?? DEFAULT_SETTINGS;
    return {
      declinesNotifications: owner.declinesNotifications,
      emailNotifications: owner.emailNotifications,
      smsNotifications: owner.smsNotifications,
      optOutForecast: saved.optOutForecast,
      precipitationNotification: saved.precipitationNotification,
      severeWeatherNotification: saved.severeWeatherNotification,
      proactiveForecastNotification: saved.proactiveForecastNotification,
      notificationType: saved.notificationType === NotificationDeliveryType.SMS ? 1 : 0,
      geofenceAlertsEnabled: owner.geofenceAlertsEnabled,
      alertTimesEnabled: owner.alertTimesEnabled,
      alertMode: alertModeOf(owner),
      timeZone: owner.timeZone,
      abilities: { alertMode: profilePolicy.can(p, 'alertMode', owner) },
    };
  }

  async saveNotifications(
    p: Principal,
    body: TNotificationSettingsUpdate & { alertMode?: AlertMode },
  ): Promise<string> {
    const owner = await this.own(p);
    const mode = body.alertMode;
    // sending the mode one has is no choice; changing it needs the geofence permission and an admin role (403)
    if (mode !== undefined && mode !== alertModeOf(owner))
      authorize(p, profilePolicy, 'alertMode', owner, {
        what: 'User',
        forbidden: NOTIFICATION_SETTINGS_MESSAGES.alertModeRefused,
      });
    if (body.notificationType === NotificationDeliveryType.SMS && !owner.phoneNumber)
      throw badRequest('One or more validation errors occurred.', { NotificationType: [SMS_NEEDS_PHONE] });
    await this.repo.saveSettings(
      owner.userId,
      {
        optOutForecast: body.optOutForecast,
        precipitationNotification: body.precipitationNotification,
        severeWeatherNotification: body.severeWeatherNotification,
        proactiveForecastNotification: body.proactiveForecastNotification,
        notificationType: body.notificationType,
      },
      { timeZone: body.timeZone, ...(mode === undefined ? {} : alertModeFlags(mode)) },
    );
    this.changed(owner);
    return NOTIFICATION_SETTINGS_MESSAGES.saved;
  }

  async saveUserNotifications(p: Principal, body: TUserNotificationsUpdate): Promise<string> {
    const owner = await this.own(p);
    await this.repo.saveUserFlags(owner.userId, body);
    this.changed(owner);
    if (body.declinesNotifications === true) return NOTIFICATION_SETTINGS_MESSAGES.disabled;
    if (body.declinesNotifications === false) return NOTIFICATION_SETTINGS_MESSAGES.enabled;
    return NOTIFICATION_SETTINGS_MESSAGES.channelsSaved;
  }

  /**
   * The weekly schedule, Sunday first. No saved row means no restriction (the notifier's rule), shown as seven all-day
   * rows; once some are saved, a day without one receives nothing, shown as a row switched off.
   */
  async alertTimes(p: Principal): Promise<TUserAlertTimes> {
    const owner = authorize(p, profilePolicy, 'view', await this.own(p), 'User');
    const rows = await this.repo.alertTimesOf(owner.userId);
    return [0, 1, 2, 3, 4, 5, 6].map((day) => {
      const row = rows.find((r) => r.day === day);
      if (row) return { ...row, id: row.id };
      return rows.length === 0
        ? { id: null, day, startTime: MIDNIGHT, endTime: MIDNIGHT, allDay: true, enabled: true }
        : { id: null, day, startTime: MIDNIGHT, endTime: MIDNIGHT, allDay: false, enabled: false };
    });
  }

  async saveAlertTimes(p: Principal, body: TAlertTimesUpdate): Promise<string> {
    const owner = await this.own(p);
    const rows = body.alertTimes.map((r) => {
      const row = normaliseAlertTimeRow({ ...r, startTime: r.startTime, endTime: r.endTime });
      return {
        day: row.day,
        startTime: row.startTime,
        endTime: row.allDay ? MIDNIGHT : row.endTime,
        allDay: row.allDay,
        enabled: row.enabled,
      };
    });
    await this.repo.replaceAlertTimes(owner.userId, rows);
    return NOTIFICATION_SETTINGS_MESSAGES.scheduleSaved;
  }

  /** GET user/current's kept answer (declines, time zone, flags) and the verified tokens of the user are dropped. */
  private changed(owner: SettingsOwner): void {
    this.bus.publish('user-changed', { userId: owner.userId, customerId: owner.customerId, deleted: false });
  }
}
