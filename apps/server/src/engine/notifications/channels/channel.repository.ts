// The only code of the channels that touches the database: webhook secrets, Singlewire mappings, push
// subscriptions, the stored VAPID key pair and the local outbox.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  appSecrets,
  devOutboxMessages,
  integrationConfigs,
  pushSubscriptions,
  scenarioMappings,
  webhooks,
} from '../../../db/schema/index.ts';

export type AppSecretRow = typeof appSecrets.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type OutboxMessageInsert = typeof devOutboxMessages.$inferInsert;

export class ChannelRepository {
  constructor(private readonly db: Database) {}

  /** The signing secret of the customer's webhook, or null when it was deleted. */
  async webhookSecret(webhookId: number, customerId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ secret: webhooks.secret })
      .from(webhooks)
      .where(and(eq(webhooks.id, webhookId), eq(webhooks.customerId, customerId)));
    return row?.secret ?? null;
  }

  /** The Singlewire site of the customer's scenario mapping with its integration's token, or null when it was deleted. */
  async singlewireMapping(
    mappingId: number,
    customerId: number,
  ): Promise<{ token: string | null; siteId: string } | null> {
    const [row] = await this.db
      .select({ token: integrationConfigs.token, siteId: scenarioMappings.singlewireSiteId })
      .from(scenarioMappings)
      .innerJoin(integrationConfigs, eq(integrationConfigs.id, scenarioMappings.integrationConfigId))
      .where(and(eq(scenarioMappings.id, mappingId), eq(scenarioMappings.customerId, customerId)));
    return row ?? null;
  }

  /** Every stored app secret (the VAPID keys are two of them). */
  async listAppSecrets(): Promise<AppSecretRow[]> {
    return this.db.select().from(appSecrets);
  }

  /** Stores the secrets in one transaction; a name already stored keeps its value (concurrent starts agree on one). */
  async insertAppSecretsIfAbsent(rows: readonly AppSecretRow[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(appSecrets)
        .values([...rows])
        .onConflictDoNothing();
    });
  }

  /** A user's push subscriptions. */
  async pushSubscriptionsOf(userId: string): Promise<PushSubscriptionRow[]> {
    return this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  }

  /** Forgets a subscription the push service reports gone. */
  async deletePushSubscription(id: number): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }

  /** Keeps an e-mail or SMS 'sent' to the local outbox (shown at /dev/outbox). */
  async addOutboxMessage(message: OutboxMessageInsert): Promise<void> {
    await this.db.insert(devOutboxMessages).values(message);
  }
}
