// What the notifier reads and writes to complete a message's links (compose.ts): an invite's row (whether it may
// still be sent, and its token's hash once made) and a notification-only contact's e-mail subscription.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notificationUsers, userInvites } from '../../db/schema/index.ts';

export type InviteRow = typeof userInvites.$inferSelect;

export class MessageLinkRepository {
  constructor(private readonly db: Database) {}

  async findInvite(id: string): Promise<InviteRow | undefined> {
    const [row] = await this.db.select().from(userInvites).where(eq(userInvites.id, id));
    return row;
  }

  /** Keeps the hash of the token just made for the invite, when it was sent and when its link expires. */
  async markInviteSent(id: string, tokenHash: string, sentAt: Date, expiresAt: Date): Promise<void> {
    await this.db.update(userInvites).set({ tokenHash, sentAt, expiresAt }).where(eq(userInvites.id, id));
  }

  /** A contact's current address and whether they unsubscribed (undefined once the contact is deleted). */
  async contactSubscription(
    id: number,
  ): Promise<{ email: string | null; emailUnsubscribed: boolean } | undefined> {
    const [row] = await this.db
      .select({ email: notificationUsers.email, emailUnsubscribed: notificationUsers.emailUnsubscribed })
      .from(notificationUsers)
      .where(eq(notificationUsers.id, id));
    return row;
  }
}
