// Proactive forecasts and their messages: the only code that touches those tables for the API.
import { and, asc, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { proactiveForecastMessages, proactiveForecasts } from '../../../db/schema/index.ts';

export type ForecastRow = typeof proactiveForecasts.$inferSelect;
export type MessageRow = typeof proactiveForecastMessages.$inferSelect;

export class ProactiveForecastRepository {
  constructor(private readonly db: Database) {}

  /** Unexpired forecasts for a location: its own and its customer's customer-wide ones, newest first. */
  async forLocation(locationId: number, customerId: number, now: Date): Promise<ForecastRow[]> {
    return this.db
      .select()
      .from(proactiveForecasts)
      .where(
        and(
          eq(proactiveForecasts.customerId, customerId),
          or(eq(proactiveForecasts.locationId, locationId), isNull(proactiveForecasts.locationId)),
          gt(proactiveForecasts.expiresAt, now),
        ),
      )
      .orderBy(desc(proactiveForecasts.created), desc(proactiveForecasts.id));
  }

  async messagesOf(forecastIds: number[]): Promise<MessageRow[]> {
    if (forecastIds.length === 0) return [];
    return this.db
      .select()
      .from(proactiveForecastMessages)
      .where(inArray(proactiveForecastMessages.proactiveForecastId, forecastIds))
      .orderBy(asc(proactiveForecastMessages.createdAt), asc(proactiveForecastMessages.id));
  }

  /** A message with its forecast's customer, by message id. */
  async message(id: number): Promise<{ message: MessageRow; customerId: number } | undefined> {
    const [row] = await this.db
      .select({ message: proactiveForecastMessages, customerId: proactiveForecasts.customerId })
      .from(proactiveForecastMessages)
      .innerJoin(proactiveForecasts, eq(proactiveForecasts.id, proactiveForecastMessages.proactiveForecastId))
      .where(eq(proactiveForecastMessages.id, id))
      .limit(1);
    return row;
  }
}
