// User-group rules: who may see, create, change and delete a group (the domain's group policy: customer
// scoping, the Assistant Admin's own-group limit, spec 02 §6), and when a group may be deleted (spec 02 §2.8,
// §4 'Policy'), and what a group may hold (spec 02 §4 'Alert-time rows', §5 'User group': a name of its own,
// times from the 30-minute options, an all-day row ending at 12:00 AM, start equal to end meaning all day).
// Each group is served with what the caller may do to it.
import type { TAlertTime, TSite, TSiteAdd, TSiteUpdate } from '@allclear/contracts';
import { groupAlertTimeRowErrors, groupPolicy, normaliseAlertTimeRow, setRowAllDay } from '@allclear/domain';
import type { Principal } from '../../../platform/auth.ts';
import { badRequest, ruleViolation, type FieldErrors } from '../../../platform/errors.ts';
import { authorize, authorizeAction } from '../../shared/authorize.ts';
import type { SiteRepository } from './site.repository.ts';
import { presentSite, type SiteDetail } from './site.presenter.ts';

/** Texts of the group rules (ours; spec 02 §5 'User group' names the fields). */
export const GROUP_NAME_TAKEN = 'Another group already has this name.';
const VALIDATION_FAILED = 'One or more validation errors occurred.';

export class SiteService {
  constructor(private readonly repo: SiteRepository) {}

  /** The groups the caller may see: the customer's, or only their own for a reach of their group (spec 02 §6). */
  async list(p: Principal): Promise<TSite[]> {
    const reach = authorizeAction(p, 'group', 'view');
    const rows =
      reach === 'group'
        ? await this.repo.listDetailed(p.customerId, p.siteId ? [p.siteId] : [])
        : await this.repo.listDetailed(p.customerId);
    return this.present(p, rows);
  }

  /** The caller's own group, as a one-element list (empty when they have none). */
  async forCurrentUser(p: Principal): Promise<TSite[]> {
    return this.present(p, p.siteId ? await this.repo.listDetailed(p.customerId, [p.siteId]) : []);
  }

  async get(p: Principal, id: number): Promise<TSite> {
    const row = authorize(p, groupPolicy, 'view', await this.repo.findById(id), 'User group');
    const [site] = await this.repo.listDetailed(row.customerId, [id]);
    return presentSite(site!, p);
  }

  /** '+ New group...' is for Admin and Super Admin only (spec 02 §6). */
  async create(p: Principal, input: TSiteAdd): Promise<TSite> {
    authorizeAction(p, 'group', 'create');
    const alertTimes = await this.checked(p.customerId, input);
    const id = await this.repo.create(p.customerId, input.name, alertTimes);
    return this.get(p, id);
  }

  async update(p: Principal, input: TSiteUpdate): Promise<TSite> {
    const row = authorize(p, groupPolicy, 'edit', await this.repo.findById(input.id), 'User group');
    const alertTimes = await this.checked(row.customerId, input, row.id);
    await this.repo.update(input.id, input.name, alertTimes);
    return this.get(p, input.id);
  }

  async delete(p: Principal, id: number): Promise<void> {
    authorize(p, groupPolicy, 'delete', await this.repo.findById(id), 'User group');
    const usage = await this.repo.usage(id);
    if (usage.locations > 0) throw ruleViolation('Cannot delete a group assigned to one or more locations');
    if (usage.users > 0) throw ruleViolation('Cannot delete a group that has users');
    if (usage.widgets > 0) throw ruleViolation('Cannot delete a group used by a widget');
    await this.repo.delete(id);
  }

  /**
   * The alert times to write, normalised (start equal to end is all day; all day ends at 12:00 AM), or 400 naming
   * each refused field, nothing written: Name taken by another group of the customer, AlertTimes[i].StartTime and
   * .EndTime off the 30-minute options (the domain's groupAlertTimeRowErrors).
   */
  private async checked(customerId: number, input: TSiteAdd, exceptId?: number): Promise<TAlertTime[]> {
    const errors: FieldErrors = {};
    if (await this.repo.nameTaken(customerId, input.name, exceptId)) errors.Name = [GROUP_NAME_TAKEN];
    input.alertTimes.forEach((row, i) => {
      for (const [field, text] of Object.entries(groupAlertTimeRowErrors(row)))
        errors[`AlertTimes[${i}].${field}`] = [text];
    });
    if (Object.keys(errors).length > 0) throw badRequest(VALIDATION_FAILED, errors);
    return input.alertTimes.map((row) => {
      const normal = normaliseAlertTimeRow(row.allDay ? setRowAllDay(row, true) : row);
      return { ...row, startTime: normal.startTime, endTime: normal.endTime, allDay: normal.allDay };
    });
  }

  private present(p: Principal, rows: SiteDetail[]): TSite[] {
    return rows.map((site) => presentSite(site, p));
  }
}
