// An invite as the identity service's set-password page reads and consumes it (issue 14): found by the SHA-256 of
// the link's token, used once (the password set and the user activated in one transaction), and followed by one
// sign-in of the browser that set the password.
import { and, eq, gt, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userInvites, users } from '../../db/schema/index.ts';

/** An invite with the user it is for. */
export interface InviteWithUser {
  id: string;
  userId: string;
  customerId: number;
  sentAt: Date | null;
  expiresAt: Date | null;
  usedAt: Date | null;
  revokedAt: Date | null;
  email: string | null;
  firstName: string;
  lastName: string;
  isActive: boolean;
}

export class ActivationRepository {
  constructor(private readonly db: Database) {}

  async findByTokenHash(tokenHash: string): Promise<InviteWithUser | undefined> {
    const [row] = await this.db
      .select({
        id: userInvites.id,
        userId: userInvites.userId,
        customerId: userInvites.customerId,
        sentAt: userInvites.sentAt,
        expiresAt: userInvites.expiresAt,
        usedAt: userInvites.usedAt,
        revokedAt: userInvites.revokedAt,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        isActive: users.isActive,
      })
      .from(userInvites)
      .innerJoin(users, eq(users.id, userInvites.userId))
      .where(eq(userInvites.tokenHash, tokenHash));
    return row;
  }

  /**
   * Uses the invite and activates its user with the password's hash, in one transaction; false (nothing written)
   * when the invite was used, revoked or expired in the meantime.
   */
  async activate(inviteId: string, userId: string, passwordHash: string, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const used = await tx
        .update(userInvites)
        .set({ usedAt: now })
        .where(
          and(
            eq(userInvites.id, inviteId),
            isNull(userInvites.usedAt),
            isNull(userInvites.revokedAt),
            gt(userInvites.expiresAt, now),
          ),
        )
        .returning({ id: userInvites.id });
      if (used.length === 0) return false;
      await tx
        .update(users)
        .set({ passwordHash, isActive: true, activated: now })
        .where(eq(users.id, userId));
      await tx
        .update(userInvites)
        .set({ revokedAt: now })
        .where(
          and(eq(userInvites.userId, userId), ne(userInvites.id, inviteId), isNull(userInvites.revokedAt)),
        );
      return true;
    });
  }

  /**
   * Takes the one sign-in an activation grants, when the password was set after `since`; the user's id, or
   * undefined when it was taken already (or the invite was never used).
   */
  async takeSignIn(inviteId: string, since: Date, now: Date): Promise<string | undefined> {
    const [row] = await this.db
      .update(userInvites)
      .set({ signInUsedAt: now })
      .where(
        and(
          eq(userInvites.id, inviteId),
          isNotNull(userInvites.usedAt),
          gt(userInvites.usedAt, since),
          isNull(userInvites.signInUsedAt),
        ),
      )
      .returning({ userId: userInvites.userId });
    return row?.userId;
  }
}
