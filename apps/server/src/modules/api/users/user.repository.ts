// Users and notification-only contacts: the only code of the API that reads and writes the users and
// notification_users tables (and a new user's default settings). Built on the database or on a transaction.
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  customers,
  notificationUsers,
  roles,
  sites,
  userNotificationSettings,
  userOrganizationLocations,
  users,
} from '../../../db/schema/index.ts';
import type { Tx } from '../../../platform/alerts.ts';

export type UserWithRelations = {
  user: typeof users.$inferSelect;
  role: typeof roles.$inferSelect;
  customer: typeof customers.$inferSelect;
  site: typeof sites.$inferSelect | null;
};

export type UserRow = typeof users.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;
export type ContactRow = typeof notificationUsers.$inferSelect;

/** A user as the Users page lists them: the row, their role, their group's name and preloaded locations. */
export interface ListedUser {
  user: UserRow;
  role: RoleRow;
  siteName: string | null;
  orgLocations: number[];
}

/** A contact as listed: the row and their group's name. */
export interface ListedContact {
  contact: ContactRow;
  siteName: string | null;
}

/** Which rows of a customer a list reads: all, or one group's plus the caller's own (an Assistant Admin's reach). */
export type ListScope = { all: true } | { siteId: number | null; ownUserId?: string };

/** One page of a list: `limit` rows from `offset`; all rows without `limit`. */
export interface Page {
  offset?: number;
  limit?: number;
}

/** The columns a new or changed user writes. */
export type UserValues = Pick<
  typeof users.$inferInsert,
  'firstName' | 'lastName' | 'email' | 'userName' | 'phoneNumber' | 'timeZone' | 'roleId' | 'siteId'
> &
  Partial<
    Pick<
      typeof users.$inferInsert,
      'smsNotifications' | 'emailNotifications' | 'geofenceAlertsEnabled' | 'alertTimesEnabled'
    >
  >;

/** The columns a new or changed contact writes. */
export type ContactValues = Pick<
  typeof notificationUsers.$inferInsert,
  'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'timeZone' | 'siteId'
>;

// First name, case-insensitively, then last name, then id: the Users page's default order (spec 02 §2.8), stable
// across pages.
const userOrder = [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, asc(users.id)];
const contactOrder = [
  sql`lower(${notificationUsers.firstName})`,
  sql`lower(${notificationUsers.lastName})`,
  asc(notificationUsers.id),
];

export class UserRepository {
  constructor(private readonly db: Database | Tx) {}

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

  /** A customer's users in the Users page's order, optionally of some roles only. */
  async listUsers(
    customerId: number,
    scope: ListScope,
    page: Page,
    roleNames?: string[],
  ): Promise<ListedUser[]> {
    const where: (SQL | undefined)[] = [eq(users.customerId, customerId), this.userScope(scope)];
    if (roleNames) where.push(inArray(roles.name, roleNames.length ? roleNames : ['']));
    const query = this.db
      .select({
        user: users,
        role: roles,
        siteName: sites.name,
        orgLocations: sql<
          number[]
        >`coalesce((select array_agg(${userOrganizationLocations.organizationLocationId} order by ${userOrganizationLocations.organizationLocationId}) from ${userOrganizationLocations} where ${userOrganizationLocations.userId} = ${users.id}), '{}')`,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(sites, eq(sites.id, users.siteId))
      .where(and(...where))
      .orderBy(...userOrder)
      .offset(page.offset ?? 0);
    const rows = await (page.limit ? query.limit(page.limit) : query);
    return rows.map((r) => ({ ...r, orgLocations: (r.orgLocations ?? []).map(Number) }));
  }

  /** One user as listed. */
  async findListed(id: string): Promise<ListedUser | undefined> {
    const [row] = await this.db.select({ customerId: users.customerId }).from(users).where(eq(users.id, id));
    if (!row) return undefined;
    const [listed] = await this.listUsers(row.customerId, { siteId: null, ownUserId: id }, {});
    return listed?.user.id === id ? listed : undefined;
  }

  /** A user's row with their role's hierarchy (what the user policy reads). */
  async findUser(id: string): Promise<(UserRow & { hierarchy: number }) | undefined> {
    const [row] = await this.db
      .select({ user: users, hierarchy: roles.hierarchy })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, id));
    return row ? { ...row.user, hierarchy: row.hierarchy } : undefined;
  }

  async findSite(id: number): Promise<{ id: number; customerId: number } | undefined> {
    const [row] = await this.db
      .select({ id: sites.id, customerId: sites.customerId })
      .from(sites)
      .where(eq(sites.id, id));
    return row;
  }

  async customerName(id: number): Promise<string> {
    const [row] = await this.db.select({ name: customers.name }).from(customers).where(eq(customers.id, id));
    return row?.name ?? '';
  }

  /** True when a user other than `exceptId` has this e-mail address (stored lower-case). */
  async emailTaken(email: string, exceptId?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email.toLowerCase()))
      .limit(1);
    return row !== undefined && row.id !== exceptId;
  }

  /** A new user who has not yet set a password (inactive until their invite is accepted), with default settings. */
  async insertUser(customerId: number, values: UserValues): Promise<string> {
    const [row] = await this.db
      .insert(users)
      .values({ ...values, customerId, isActive: false, passwordHash: null })
      .returning({ id: users.id });
    await this.db.insert(userNotificationSettings).values({ userId: row!.id });
    return row!.id;
  }

  async updateUser(id: string, values: UserValues): Promise<void> {
    await this.db.update(users).set(values).where(eq(users.id, id));
  }

  /** Deletes a user; their locations, settings, schedule, preloads, subscriptions and invites go with them. */
  async deleteUser(id: string): Promise<void> {
    await this.db.delete(users).where(eq(users.id, id));
  }

  // ── notification-only contacts

  async listContacts(customerId: number, scope: ListScope, page: Page): Promise<ListedContact[]> {
    const query = this.db
      .select({ contact: notificationUsers, siteName: sites.name })
      .from(notificationUsers)
      .leftJoin(sites, eq(sites.id, notificationUsers.siteId))
      .where(and(eq(notificationUsers.customerId, customerId), this.contactScope(scope)))
      .orderBy(...contactOrder)
      .offset(page.offset ?? 0);
    return page.limit ? query.limit(page.limit) : query;
  }

  async findContact(id: number): Promise<ContactRow | undefined> {
    const [row] = await this.db.select().from(notificationUsers).where(eq(notificationUsers.id, id));
    return row;
  }

  async findListedContact(id: number): Promise<ListedContact | undefined> {
    const [row] = await this.db
      .select({ contact: notificationUsers, siteName: sites.name })
      .from(notificationUsers)
      .leftJoin(sites, eq(sites.id, notificationUsers.siteId))
      .where(eq(notificationUsers.id, id));
    return row;
  }

  async insertContact(customerId: number, values: ContactValues): Promise<number> {
    const [row] = await this.db
      .insert(notificationUsers)
      .values({ ...values, customerId })
      .returning({ id: notificationUsers.id });
    return row!.id;
  }

  /** Changes a contact; a new e-mail address has not unsubscribed (the old one's choice does not carry over). */
  async updateContact(id: number, values: ContactValues, emailChanged: boolean): Promise<void> {
    await this.db
      .update(notificationUsers)
      .set(emailChanged ? { ...values, emailUnsubscribed: false, emailUnsubscribedAt: null } : values)
      .where(eq(notificationUsers.id, id));
  }

  async deleteContact(id: number): Promise<void> {
    await this.db.delete(notificationUsers).where(eq(notificationUsers.id, id));
  }

  /** Records the contact's unsubscribe (the first time only); true when the contact exists. */
  async unsubscribeContact(id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(notificationUsers)
      .set({
        emailUnsubscribed: true,
        emailUnsubscribedAt: sql`coalesce(${notificationUsers.emailUnsubscribedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(notificationUsers.id, id))
      .returning({ id: notificationUsers.id });
    return rows.length > 0;
  }

  private userScope(scope: ListScope): SQL | undefined {
    if ('all' in scope) return undefined;
    const own = scope.ownUserId ? eq(users.id, scope.ownUserId) : undefined;
    const group = scope.siteId !== null ? eq(users.siteId, scope.siteId) : undefined;
    return or(group ?? sql`false`, own ?? sql`false`);
  }

  private contactScope(scope: ListScope): SQL | undefined {
    if ('all' in scope) return undefined;
    return scope.siteId !== null ? eq(notificationUsers.siteId, scope.siteId) : sql`false`;
  }
}
