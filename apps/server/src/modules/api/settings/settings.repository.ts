// My Notification Settings (issue 15): the only code of the settings module that touches users,
// user_notification_settings and user_alert_times — the caller's own rows.
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { userAlertTimes, userNotificationSettings, users } from '../../../db/schema/index.ts';

/** The user's columns the settings read and write. */
export interface SettingsOwner {
  userId: string;
  customerId: number;
  isActive: boolean;
  phoneNumber: string | null;
  timeZone: string;
  declinesNotifications: boolean;
  emailNotifications: boolean;
  smsNotifications: boolean;
  geofenceAlertsEnabled: boolean;
  alertTimesEnabled: boolean;
}

export type NotificationSettingsRow = typeof userNotificationSettings.$inferSelect;
export type AlertTimeRow = typeof userAlertTimes.$inferSelect;
export type AlertTimeValues = Omit<typeof userAlertTimes.$inferInsert, 'id' | 'userId'>;

export class SettingsRepository {
  constructor(private readonly db: Database) {}

  async findOwner(userId: string): Promise<SettingsOwner | undefined> {
    const [row] = await this.db
      .select({
        userId: users.id,
        customerId: users.customerId,
        isActive: users.isActive,
        phoneNumber: users.phoneNumber,
        timeZone: users.timeZone,
        declinesNotifications: users.declinesNotifications,
        emailNotifications: users.emailNotifications,
        smsNotifications: users.smsNotifications,
        geofenceAlertsEnabled: users.geofenceAlertsEnabled,
        alertTimesEnabled: users.alertTimesEnabled,
      })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  async settingsOf(userId: string): Promise<NotificationSettingsRow | undefined> {
    const [row] = await this.db
      .select()
      .from(userNotificationSettings)
      .where(eq(userNotificationSettings.userId, userId));
    return row;
  }

  /** Saves the settings row (created on first save) and the user's columns, in one transaction. */
  async saveSettings(
    userId: string,
    settings: Omit<NotificationSettingsRow, 'userId'>,
    user: Partial<Pick<SettingsOwner, 'timeZone' | 'geofenceAlertsEnabled' | 'alertTimesEnabled'>>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(userNotificationSettings)
        .values({ userId, ...settings })
        .onConflictDoUpdate({ target: userNotificationSettings.userId, set: settings });
      await tx.update(users).set(user).where(eq(users.id, userId));
    });
  }

  async saveUserFlags(
    userId: string,
    flags: Partial<Pick<SettingsOwner, 'declinesNotifications' | 'emailNotifications' | 'smsNotifications'>>,
  ): Promise<void> {
    if (Object.keys(flags).length === 0) return;
    await this.db.update(users).set(flags).where(eq(users.id, userId));
  }

  async alertTimesOf(userId: string): Promise<AlertTimeRow[]> {
    return this.db
      .select()
      .from(userAlertTimes)
      .where(eq(userAlertTimes.userId, userId))
      .orderBy(asc(userAlertTimes.day));
  }

  /** Replaces the user's schedule, in one transaction. */
  async replaceAlertTimes(userId: string, rows: readonly AlertTimeValues[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(userAlertTimes).where(eq(userAlertTimes.userId, userId));
      if (rows.length) await tx.insert(userAlertTimes).values(rows.map((r) => ({ ...r, userId })));
    });
  }
}
