// Policy rules: who may see, add, change and delete a policy (the domain's weather-policy policy: the Policies page
// for admin roles, add and edit for Admin and Super Admin only, an Assistant Admin only their own group's; spec 02
// §6), and what a policy may hold (spec 02 §4, §5 'Policy': a type fixed once saved, the threshold within the
// type's range and rounded to its precision, the type's minimum all-clear, groups of the customer). Editing or
// deleting a policy ends its warnings in the same transaction (a warning names the policy and threshold that
// raised it); every write publishes 'policies-changed' after commit, so the engines apply it at once.
import type { TPolicy, TPolicyInput, TPolicyType, TPolicyUpdate } from '@allclear/contracts';
import {
  customerPolicy,
  policyThresholdRange,
  roundThreshold,
  userPolicy,
  validatePolicyForm,
  weatherPolicyPolicy,
} from '@allclear/domain';
import type { Principal } from '../../../platform/auth.ts';
import type { Bus } from '../../../platform/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { EnqueueAlert } from '../../../platform/alerts.ts';
import { endWarningsOfPolicy } from '../../../engine/policies/end-policy-warnings.ts';
import { badRequest, type FieldErrors } from '../../../platform/errors.ts';
import { authorize, authorizeAction } from '../../shared/authorize.ts';
import { presentPolicy, scopeOfPolicy } from './policy.presenter.ts';
import type { PolicyDetail, PolicyRepository, PolicyValues } from './policy.repository.ts';

/** Field texts of the server's own rules (ours; spec 02 §5 names the fields). */
export const POLICY_TYPE_FIXED = 'The policy type cannot be changed once saved.';
export const POLICY_TYPE_UNKNOWN = 'Choose a policy type.';
export const SITES_NOT_OURS = "Choose groups of the policy's organisation.";
export const VALIDATION_FAILED = 'One or more validation errors occurred.';

export class PolicyService {
  constructor(
    private readonly repo: PolicyRepository,
    private readonly bus: Bus,
    private readonly clock: Clock,
    private readonly enqueueAlert: EnqueueAlert,
  ) {}

  /** The policy types (reference data every signed-in user reads: the dashboard names policies by them). */
  types(): Promise<TPolicyType[]> {
    return this.repo.listTypes();
  }

  /** The caller's customer's policies they may see (an Assistant Admin: their group's). */
  async list(p: Principal): Promise<TPolicy[]> {
    authorizeAction(p, 'weatherPolicy', 'view');
    return this.visible(p, await this.repo.listDetailed(p.customerId));
  }

  /** The policies of the caller's own group (none without a group). */
  async forCurrentSite(p: Principal): Promise<TPolicy[]> {
    authorizeAction(p, 'weatherPolicy', 'view');
    if (p.siteId == null) return [];
    return this.ofGroup(p, p.customerId, p.siteId);
  }

  /** A customer's policies: 404 for a customer the caller may not see, then the Policies page's rule. */
  async forCustomer(p: Principal, customerId: number): Promise<TPolicy[]> {
    authorize(p, customerPolicy, 'view', await this.repo.findCustomer(customerId), 'Customer');
    authorizeAction(p, 'weatherPolicy', 'view');
    return this.visible(p, await this.repo.listDetailed(customerId));
  }

  /** The policies of a user's group: the user as the user policy allows, then the policies the caller may see. */
  async forUser(p: Principal, userId: string): Promise<TPolicy[]> {
    const user = authorize(p, userPolicy, 'view', await this.repo.findUser(userId), 'User');
    authorizeAction(p, 'weatherPolicy', 'view');
    if (user.siteId == null) return [];
    return this.ofGroup(p, user.customerId, user.siteId);
  }

  /** A group's policies, decided as the policies of that group are (another group's is 404 for an Assistant Admin). */
  async forSite(p: Principal, siteId: number): Promise<TPolicy[]> {
    const site = await this.repo.findSite(siteId);
    authorize(
      p,
      weatherPolicyPolicy,
      'view',
      site && { customerId: site.customerId, siteIds: [site.id] },
      'User group',
    );
    return this.ofGroup(p, site!.customerId, site!.id);
  }

  /** Add Policy: Admin and Super Admin only, for their own customer. */
  async create(p: Principal, input: TPolicyInput): Promise<TPolicy> {
    authorizeAction(p, 'weatherPolicy', 'create');
    const type = await this.repo.findType(input.policyType);
    if (!type) throw badRequest(VALIDATION_FAILED, { PolicyType: [POLICY_TYPE_UNKNOWN] });
    const { values, siteIds } = await this.checked(input, type, p.customerId);
    const id = await this.repo.create(
      p.customerId,
      p.userId,
      type.id,
      values,
      siteIds,
      input.notificationActions,
    );
    this.changed(p.customerId);
    return this.one(p, p.customerId, id);
  }

  /** Edit policy: Admin and Super Admin only; the type stays the saved one. */
  async update(p: Principal, input: TPolicyUpdate): Promise<TPolicy> {
    const row = authorize(p, weatherPolicyPolicy, 'edit', await this.repo.findScope(input.id), 'Policy');
    if (input.policyType !== row.policyTypeId)
      throw badRequest(VALIDATION_FAILED, { PolicyType: [POLICY_TYPE_FIXED] });
    const type = (await this.repo.findType(row.policyTypeId))!;
    const { values, siteIds } = await this.checked(input, type, row.customerId);
    await this.repo.update(row.id, values, siteIds, input.notificationActions, (tx) =>
      endWarningsOfPolicy(tx, this.enqueueAlert, row.id, 'changed', this.clock.now()),
    );
    this.changed(row.customerId);
    return this.one(p, row.customerId, row.id);
  }

  async delete(p: Principal, id: number): Promise<void> {
    const row = authorize(p, weatherPolicyPolicy, 'delete', await this.repo.findScope(id), 'Policy');
    await this.repo.delete(row.id, (tx) =>
      endWarningsOfPolicy(tx, this.enqueueAlert, row.id, 'deleted', this.clock.now()),
    );
    this.changed(row.customerId);
  }

  /**
   * The values to write, or 400 naming each field the rules refuse (nothing written): Threshold within the type's
   * range, AllClearMinutes at or above the type's minimum (domain validatePolicyForm), Sites among the customer's
   * groups. The threshold is rounded to the type's precision; an all-groups policy applies to every group.
   */
  private async checked(
    input: TPolicyInput,
    type: TPolicyType,
    customerId: number,
  ): Promise<{ values: PolicyValues; siteIds: number[] }> {
    const threshold = roundThreshold(input.threshold, type.precision);
    const errors: FieldErrors = {};
    const form = validatePolicyForm({
      threshold,
      allClearMinutes: input.allClearMinutes,
      minAllClear: type.minAllClear,
      thresholdRange: policyThresholdRange(type.shortName),
    });
    for (const [field, text] of Object.entries(form)) errors[field] = [text];
    const groups = await this.repo.siteIdsOf(customerId);
    if (input.sites.some((id) => !groups.includes(id))) errors.Sites = [SITES_NOT_OURS];
    if (Object.keys(errors).length > 0) throw badRequest(VALIDATION_FAILED, errors);
    return {
      values: {
        threshold,
        isDesc: type.isDesc,
        unit: type.unit,
        precision: type.precision,
        limit: input.limit,
        allClearMinutes: input.allClearMinutes,
        reAlertMinutes: input.reAlertMinutes,
        allGroups: input.allGroups,
      },
      siteIds: input.allGroups ? groups : input.sites,
    };
  }

  private changed(customerId: number): void {
    this.bus.publish('policies-changed', { customerId });
  }

  private async one(p: Principal, customerId: number, id: number): Promise<TPolicy> {
    const [detail] = await this.repo.listDetailed(customerId, [id]);
    return presentPolicy(detail!, p);
  }

  private async ofGroup(p: Principal, customerId: number, siteId: number): Promise<TPolicy[]> {
    const rows = await this.repo.listDetailed(customerId);
    return this.visible(
      p,
      rows.filter((r) => r.sites.includes(siteId)),
    );
  }

  /** The rows the caller may see (the domain's 'view'), each with their abilities. */
  private visible(p: Principal, rows: PolicyDetail[]): TPolicy[] {
    return rows
      .filter((r) => weatherPolicyPolicy.can(p, 'view', scopeOfPolicy(r)))
      .map((r) => presentPolicy(r, p));
  }
}
