// My Profile (issue 15): the only code of the profile module that touches users — the caller's own row.
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';

/** The caller's own row as the profile policy reads it. */
export interface ProfileRow {
  userId: string;
  customerId: number;
  isActive: boolean;
}

export class ProfileRepository {
  constructor(private readonly db: Database) {}

  async findOwner(userId: string): Promise<ProfileRow | undefined> {
    const [row] = await this.db
      .select({ userId: users.id, customerId: users.customerId, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  async update(
    userId: string,
    values: { firstName: string; lastName: string; phoneNumber: string | null },
  ): Promise<void> {
    await this.db.update(users).set(values).where(eq(users.id, userId));
  }
}
