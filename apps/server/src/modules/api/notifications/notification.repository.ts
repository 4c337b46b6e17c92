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
  users,
} from '../../../db/schema/index.ts';
import type { LocationPolicyRow } from '@allclear/domain';

/** A delivery of an alert event, as stored. */
export type DeliveryRow = typeof alertDeliveries.$inferSelect;

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

  /** A location as the location policy reads it (customer, owner, owner's group, type), or undefined. */
  async findLocation(locationId: number): Promise<LocationPolicyRow | undefined> {
    const [row] = await this.db
      .select({
        customerId: locations.customerId,
        userId: locations.userId,
        ownerSiteId: users.siteId,
        type: locations.type,
      })
      .from(locations)
      .leftJoin(users, eq(users.id, locations.userId))
      .where(eq(locations.id, locationId))
      .limit(1);
    return row;
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
