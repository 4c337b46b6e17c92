// The only code of the notification routes that touches the database.
import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  alertDeliveries,
  alertEvents,
  appSecrets,
  locations,
  notifications,
  pushSubscriptions,
} from '../../../db/schema/index.ts';

export class NotificationRepository {
  constructor(private readonly db: Database) {}

  /** A user's history rows, newest first, within [start, end]. */
  history(userId: string, count: number, start: Date | undefined, end: Date | undefined) {
    const conditions = [eq(notifications.userId, userId)];
    if (start) conditions.push(gte(notifications.sentUtc, start));
    if (end) conditions.push(lte(notifications.sentUtc, end));
    return this.db
      .select()
      .from(notifications)
      .where(and(...conditions))
      .orderBy(desc(notifications.sentUtc), desc(notifications.id))
      .limit(count);
  }

  /** Saves (or moves to this user) a browser's push subscription, keyed by endpoint. */
  async savePushSubscription(
    userId: string,
    customerId: number,
    endpoint: string,
    p256dh: string,
    auth: string,
  ) {
    await this.db
      .insert(pushSubscriptions)
      .values({ userId, customerId, endpoint, p256dh, auth })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, customerId, p256dh, auth } });
  }

  async vapidPublicKey(): Promise<string | null> {
    const [row] = await this.db.select().from(appSecrets).where(eq(appSecrets.name, 'vapid_public_key'));
    return row?.value ?? null;
  }

  async locationCustomer(locationId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ customerId: locations.customerId })
      .from(locations)
      .where(eq(locations.id, locationId));
    return row?.customerId ?? null;
  }

  /** Events of a location (newest first) and their deliveries. */
  async eventsOfLocation(customerId: number, locationId: number, count: number) {
    const events = await this.db
      .select()
      .from(alertEvents)
      .where(and(eq(alertEvents.customerId, customerId), eq(alertEvents.locationId, locationId)))
      .orderBy(desc(alertEvents.occurredAt))
      .limit(count);
    const deliveries =
      events.length > 0
        ? await this.db
            .select()
            .from(alertDeliveries)
            .where(
              inArray(
                alertDeliveries.eventId,
                events.map((e) => e.id),
              ),
            )
            .orderBy(alertDeliveries.created)
        : [];
    return { events, deliveries };
  }

  /** Deliveries that failed for good, newest first. */
  deadLetters(count: number) {
    return this.db
      .select({ delivery: alertDeliveries, event: alertEvents })
      .from(alertDeliveries)
      .innerJoin(alertEvents, eq(alertEvents.id, alertDeliveries.eventId))
      .where(eq(alertDeliveries.status, 'dead'))
      .orderBy(desc(alertDeliveries.updated))
      .limit(count);
  }
}
