// Threshold policies as the Policies page reads and writes them: the only code of this module that touches
// policies, policy_sites, policy_notification_actions and policy_types (and reads the customers, groups and
// users a call names).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { Tx } from '../../../platform/alerts.ts';
import {
  customers,
  policies,
  policyNotificationActions,
  policySites,
  policyTypes,
  roles,
  sites,
  users,
} from '../../../db/schema/index.ts';
import type { TNotificationActionInput, TPolicy, TPolicyType } from '@allclear/contracts';

/** A policy with its type, groups and messages, as stored (the presenter adds the caller's abilities). */
export type PolicyDetail = Omit<TPolicy, 'abilities'>;

/** A policy as the authorisation reads it: its customer and the groups it applies to. */
export interface PolicyScope {
  id: number;
  customerId: number;
  policyTypeId: number;
  siteIds: number[];
}

/** The values a policy is written with (the type's unit, precision and direction included). */
export interface PolicyValues {
  threshold: number;
  isDesc: boolean;
  unit: string;
  precision: number;
  limit: number | null;
  allClearMinutes: number;
  reAlertMinutes: number;
  allGroups: boolean;
}

export class PolicyRepository {
  constructor(private readonly db: Database) {}

  listTypes(): Promise<TPolicyType[]> {
    return this.db
      .select({
        id: policyTypes.id,
        shortName: policyTypes.shortName,
        name: policyTypes.name,
        displayName: policyTypes.displayName,
        unit: policyTypes.unit,
        precision: policyTypes.precision,
        isDesc: policyTypes.isDesc,
        minAllClear: policyTypes.minAllClear,
      })
      .from(policyTypes)
      .orderBy(asc(policyTypes.id));
  }

  async findType(id: number): Promise<TPolicyType | undefined> {
    return (await this.listTypes()).find((t) => t.id === id);
  }

  async findScope(id: number): Promise<PolicyScope | undefined> {
    const [row] = await this.db
      .select({ id: policies.id, customerId: policies.customerId, policyTypeId: policies.policyTypeId })
      .from(policies)
      .where(eq(policies.id, id))
      .limit(1);
    if (!row) return undefined;
    const links = await this.db
      .select({ siteId: policySites.siteId })
      .from(policySites)
      .where(eq(policySites.policyId, id));
    return { ...row, siteIds: links.map((l) => l.siteId) };
  }

  async findCustomer(id: number): Promise<{ id: number } | undefined> {
    const [row] = await this.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, id))
      .limit(1);
    return row;
  }

  async findSite(id: number): Promise<{ id: number; customerId: number } | undefined> {
    const [row] = await this.db
      .select({ id: sites.id, customerId: sites.customerId })
      .from(sites)
      .where(eq(sites.id, id))
      .limit(1);
    return row;
  }

  /** A user as the user policy reads them: customer, group and role hierarchy. */
  async findUser(
    id: string,
  ): Promise<{ id: string; customerId: number; siteId: number | null; hierarchy: number } | undefined> {
    const [row] = await this.db
      .select({
        id: users.id,
        customerId: users.customerId,
        siteId: users.siteId,
        hierarchy: roles.hierarchy,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, id))
      .limit(1);
    return row;
  }

  /** Ids of a customer's groups. */
  async siteIdsOf(customerId: number): Promise<number[]> {
    const rows = await this.db.select({ id: sites.id }).from(sites).where(eq(sites.customerId, customerId));
    return rows.map((r) => r.id);
  }

  /** A customer's policies with their types, groups and messages, oldest first (optionally only some ids). */
  async listDetailed(customerId: number, onlyIds?: number[]): Promise<PolicyDetail[]> {
    const where = onlyIds
      ? and(eq(policies.customerId, customerId), inArray(policies.id, onlyIds.length ? onlyIds : [-1]))
      : eq(policies.customerId, customerId);
    const rows = await this.db
      .select({ p: policies, t: policyTypes })
      .from(policies)
      .innerJoin(policyTypes, eq(policyTypes.id, policies.policyTypeId))
      .where(where)
      .orderBy(asc(policies.id));
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.p.id);
    const [links, actions] = await Promise.all([
      this.db
        .select()
        .from(policySites)
        .where(inArray(policySites.policyId, ids))
        .orderBy(asc(policySites.siteId)),
      this.db
        .select()
        .from(policyNotificationActions)
        .where(inArray(policyNotificationActions.policyId, ids))
        .orderBy(asc(policyNotificationActions.allClear), asc(policyNotificationActions.id)),
    ]);
    return rows.map(({ p, t }) => ({
      id: p.id,
      policyType: t.id,
      policyTypeShortName: t.shortName,
      policyTypeName: t.name,
      policyDisplayName: t.displayName,
      threshold: p.threshold,
      isDesc: p.isDesc,
      unit: p.unit,
      precision: p.precision,
      limit: p.limit,
      minAllClear: t.minAllClear,
      allClearMinutes: p.allClearMinutes,
      reAlertMinutes: p.reAlertMinutes,
      customerId: p.customerId,
      sites: links.filter((l) => l.policyId === p.id).map((l) => l.siteId),
      allGroups: p.allGroups,
      notificationActions: actions
        .filter((a) => a.policyId === p.id)
        .map(({ id, triggerId, allClear, message }) => ({ id, triggerId, allClear, message })),
      creatorId: p.creatorId,
      showOnDashboard: p.showOnDashboard,
    }));
  }

  /** Writes a new policy with its group links and messages in one transaction; returns its id. */
  async create(
    customerId: number,
    creatorId: string,
    policyTypeId: number,
    values: PolicyValues,
    siteIds: number[],
    actions: TNotificationActionInput[],
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(policies)
        .values({ customerId, creatorId, policyTypeId, showOnDashboard: true, ...values })
        .returning({ id: policies.id });
      const id = row!.id;
      if (siteIds.length)
        await tx.insert(policySites).values(siteIds.map((siteId) => ({ policyId: id, siteId })));
      if (actions.length) await tx.insert(policyNotificationActions).values(actionRows(id, actions));
      return id;
    });
  }

  /** Replaces a policy's values, group links and messages in one transaction, `first` (ending its warnings) included. */
  async update(
    id: number,
    values: PolicyValues,
    siteIds: number[],
    actions: TNotificationActionInput[],
    first: (tx: Tx) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await first(tx);
      await tx.update(policies).set(values).where(eq(policies.id, id));
      await tx.delete(policySites).where(eq(policySites.policyId, id));
      if (siteIds.length)
        await tx.insert(policySites).values(siteIds.map((siteId) => ({ policyId: id, siteId })));
      await tx.delete(policyNotificationActions).where(eq(policyNotificationActions.policyId, id));
      if (actions.length) await tx.insert(policyNotificationActions).values(actionRows(id, actions));
    });
  }

  /** Deletes a policy after `first` (ending its warnings) in one transaction; the schema cascades the rest. */
  async delete(id: number, first: (tx: Tx) => Promise<void>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await first(tx);
      await tx.delete(policies).where(eq(policies.id, id));
    });
  }
}

function actionRows(policyId: number, actions: TNotificationActionInput[]) {
  return actions.map(({ triggerId, allClear, message }) => ({
    policyId,
    triggerId: triggerId ?? null,
    allClear,
    message,
  }));
}
