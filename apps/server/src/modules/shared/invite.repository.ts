// The invites' rows (issue 14) as the modules that send them see them: the user an invite is for, and a new invite
// that replaces the user's open ones. The identity service's activation reads them through its own repository.
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { roles, userInvites, users } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/alerts.ts';

/** A user as an invite needs them: the user policy's columns, where it goes and whether it is still needed. */
export interface InviteeRow {
  id: string;
  customerId: number;
  siteId: number | null;
  hierarchy: number;
  email: string | null;
  firstName: string;
  lastName: string;
  isActive: boolean;
}

export class InviteRepository {
  constructor(private readonly db: Database | Tx) {}

  async findInvitee(userId: string): Promise<InviteeRow | undefined> {
    const [row] = await this.db
      .select({
        id: users.id,
        customerId: users.customerId,
        siteId: users.siteId,
        hierarchy: roles.hierarchy,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        isActive: users.isActive,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, userId));
    return row;
  }

  /** A new invite for the user; their unused ones are revoked, so only the newest link works. Returns its id. */
  async replaceOpenInvites(userId: string, customerId: number, now: Date): Promise<string> {
    await this.db
      .update(userInvites)
      .set({ revokedAt: now })
      .where(and(eq(userInvites.userId, userId), isNull(userInvites.usedAt), isNull(userInvites.revokedAt)));
    const [row] = await this.db
      .insert(userInvites)
      .values({ userId, customerId, created: now })
      .returning({ id: userInvites.id });
    return row!.id;
  }
}
