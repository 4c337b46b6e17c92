// Users: the only code that reads the users table for the API.
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customers, roles, sites, users } from '../../../db/schema/index.ts';

export type UserWithRelations = {
  user: typeof users.$inferSelect;
  role: typeof roles.$inferSelect;
  customer: typeof customers.$inferSelect;
  site: typeof sites.$inferSelect | null;
};

export class UserRepository {
  constructor(private readonly db: Database) {}

  async findWithRelations(id: string): Promise<UserWithRelations | undefined> {
    const [row] = await this.db
      .select({ user: users, role: roles, customer: customers, site: sites })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .innerJoin(customers, eq(customers.id, users.customerId))
      .leftJoin(sites, eq(sites.id, users.siteId))
      .where(eq(users.id, id))
      .limit(1);
    return row;
  }

  listRoles() {
    return this.db.select().from(roles).orderBy(asc(roles.hierarchy));
  }
}
