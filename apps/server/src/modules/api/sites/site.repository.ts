// User groups: the only code that touches sites and site_alert_times.
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  notificationUsers,
  organizationLocationSites,
  policies,
  policySites,
  siteAlertTimes,
  sites,
  users,
  widgets,
} from '../../../db/schema/index.ts';
import type { TAlertTime, TSite } from '@allclear/contracts';

/** A group with its member counts and alert times, as stored (the presenter adds the caller's abilities). */
export type SiteDetail = Omit<TSite, 'abilities'>;

export class SiteRepository {
  constructor(private readonly db: Database) {}

  async findById(id: number) {
    const [row] = await this.db.select().from(sites).where(eq(sites.id, id)).limit(1);
    return row;
  }

  /** Groups of a customer with their member counts and alert times (optionally only some ids). */
  async listDetailed(customerId: number, onlyIds?: number[]): Promise<SiteDetail[]> {
    const where = onlyIds
      ? and(eq(sites.customerId, customerId), inArray(sites.id, onlyIds.length ? onlyIds : [-1]))
      : eq(sites.customerId, customerId);
    const rows = await this.db.select().from(sites).where(where).orderBy(asc(sites.name), asc(sites.id));
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [userCounts, notiCounts, policyCounts, widgetCounts, times] = await Promise.all([
      this.db
        .select({ id: users.siteId, n: count() })
        .from(users)
        .where(inArray(users.siteId, ids))
        .groupBy(users.siteId),
      this.db
        .select({ id: notificationUsers.siteId, n: count() })
        .from(notificationUsers)
        .where(inArray(notificationUsers.siteId, ids))
        .groupBy(notificationUsers.siteId),
      this.db
        .select({ id: policySites.siteId, n: count() })
        .from(policySites)
        .where(inArray(policySites.siteId, ids))
        .groupBy(policySites.siteId),
      this.db
        .select({ id: widgets.policyGroupId, n: count() })
        .from(widgets)
        .where(inArray(widgets.policyGroupId, ids))
        .groupBy(widgets.policyGroupId),
      this.db
        .select()
        .from(siteAlertTimes)
        .where(inArray(siteAlertTimes.siteId, ids))
        .orderBy(asc(siteAlertTimes.day)),
    ]);
    const countOf = (list: { id: number | null; n: number }[], id: number) =>
      list.find((c) => c.id === id)?.n ?? 0;
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      customerId: r.customerId,
      users: countOf(userCounts, r.id),
      notificationUsers: countOf(notiCounts, r.id),
      policies: countOf(policyCounts, r.id),
      widgets: countOf(widgetCounts, r.id),
      alertTimes: times
        .filter((t) => t.siteId === r.id)
        .map(({ id, day, startTime, endTime, allDay, enabled }) => ({
          id,
          day,
          startTime,
          endTime,
          allDay,
          enabled,
        })),
    }));
  }

  /** True when another group of the customer has this name (case-insensitive, trimmed). */
  async nameTaken(customerId: number, name: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sites.id })
      .from(sites)
      .where(
        and(
          eq(sites.customerId, customerId),
          sql`lower(trim(${sites.name})) = ${name.trim().toLowerCase()}`,
          exceptId === undefined ? undefined : ne(sites.id, exceptId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /**
   * Creates a group with its alert times in one transaction, and links it to the customer's all-groups policies
   * (they apply to every group, also those made later); returns its id.
   */
  async create(customerId: number, name: string, alertTimes: TAlertTime[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(sites).values({ customerId, name }).returning({ id: sites.id });
      const siteId = row!.id;
      if (alertTimes.length) {
        await tx.insert(siteAlertTimes).values(alertTimes.map(({ id: _id, ...t }) => ({ ...t, siteId })));
      }
      const everyGroup = await tx
        .select({ id: policies.id })
        .from(policies)
        .where(and(eq(policies.customerId, customerId), eq(policies.allGroups, true)));
      if (everyGroup.length) {
        await tx.insert(policySites).values(everyGroup.map((p) => ({ policyId: p.id, siteId })));
      }
      return siteId;
    });
  }

  /** Renames a group and replaces its alert times in one transaction. */
  async update(id: number, name: string, alertTimes: TAlertTime[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(sites).set({ name }).where(eq(sites.id, id));
      await tx.delete(siteAlertTimes).where(eq(siteAlertTimes.siteId, id));
      if (alertTimes.length) {
        await tx.insert(siteAlertTimes).values(alertTimes.map(({ id: _id, ...t }) => ({ ...t, siteId: id })));
      }
    });
  }

  /** What still uses a group (a group in use cannot be deleted). */
  async usage(id: number) {
    const [[u], [l], [w]] = await Promise.all([
      this.db.select({ n: count() }).from(users).where(eq(users.siteId, id)),
      this.db
        .select({ n: count() })
        .from(organizationLocationSites)
        .where(eq(organizationLocationSites.siteId, id)),
      this.db.select({ n: count() }).from(widgets).where(eq(widgets.policyGroupId, id)),
    ]);
    return { users: u?.n ?? 0, locations: l?.n ?? 0, widgets: w?.n ?? 0 };
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(sites).where(eq(sites.id, id));
  }
}
