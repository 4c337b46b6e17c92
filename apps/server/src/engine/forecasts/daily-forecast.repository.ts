// The daily forecast e-mails' reads (issue 15; spec 02 §2.9 'daily forecast emails with location pick'): the users
// who want them (active, signing in, with an e-mail and e-mail on, not declining notifications, not opted out of
// forecasts) with their locations picked for it, and which of a day's e-mails were already handed to the notifier.
import { and, eq, inArray, isNotNull, ne, or, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alertEvents, locations, userNotificationSettings, users } from '../../db/schema/index.ts';

export interface ForecastRecipient {
  userId: string;
  customerId: number;
  email: string;
  firstName: string;
  lastName: string;
  timeZone: string;
  locations: { id: number; label: string; latitude: number; longitude: number }[];
}

export class DailyForecastRepository {
  constructor(private readonly db: Database) {}

  async recipients(): Promise<ForecastRecipient[]> {
    const rows = await this.db
      .select({
        userId: users.id,
        customerId: users.customerId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        timeZone: users.timeZone,
        locationId: locations.id,
        label: locations.label,
        latitude: locations.latitude,
        longitude: locations.longitude,
      })
      .from(users)
      .innerJoin(locations, and(eq(locations.userId, users.id), eq(locations.forecastLocation, true)))
      .leftJoin(userNotificationSettings, eq(userNotificationSettings.userId, users.id))
      .where(
        and(
          eq(users.isActive, true),
          ne(users.roleId, -1),
          isNotNull(users.email),
          eq(users.emailNotifications, true),
          eq(users.declinesNotifications, false),
          or(isNull(userNotificationSettings.userId), eq(userNotificationSettings.optOutForecast, false)),
        ),
      )
      .orderBy(users.id, locations.id);
    const out = new Map<string, ForecastRecipient>();
    for (const r of rows) {
      let recipient = out.get(r.userId);
      if (!recipient) {
        recipient = {
          userId: r.userId,
          customerId: r.customerId,
          email: r.email!,
          firstName: r.firstName,
          lastName: r.lastName,
          timeZone: r.timeZone,
          locations: [],
        };
        out.set(r.userId, recipient);
      }
      recipient.locations.push({
        id: r.locationId,
        label: r.label,
        latitude: r.latitude,
        longitude: r.longitude,
      });
    }
    return [...out.values()];
  }

  /** Of these event ids, the ones already recorded (a day's e-mail already handed to the notifier). */
  async recordedEvents(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: alertEvents.id })
      .from(alertEvents)
      .where(inArray(alertEvents.id, [...ids]));
    return new Set(rows.map((r) => r.id));
  }
}
