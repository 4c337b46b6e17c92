// What the dev service reads from the database: the local outbox (the messages the notifier kept instead of
// sending) and a user by e-mail (the user a fault is scoped to). The only code of this module that touches
// Drizzle.
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { devOutboxMessages, users } from '../../db/schema/index.ts';

export type OutboxRow = typeof devOutboxMessages.$inferSelect;

export class DevRepository {
  constructor(private readonly db: Database) {}

  /** The newest `limit` messages of the local outbox, newest first (by time, then by id). */
  latestOutboxMessages(limit: number): Promise<OutboxRow[]> {
    return this.db
      .select()
      .from(devOutboxMessages)
      .orderBy(desc(devOutboxMessages.created), desc(devOutboxMessages.id))
      .limit(limit);
  }

  /** The id of the user with this e-mail (stored lower-case); null when there is none. */
  async userIdByEmail(email: string): Promise<string | null> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email.toLowerCase()))
      .limit(1);
    return row?.id ?? null;
  }
}
