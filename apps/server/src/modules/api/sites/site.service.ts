// User-group rules: who may see, create, change and delete a group (the domain's group policy: customer
// scoping, the Assistant Admin's own-group limit, spec 02 §6), and when a group may be deleted (spec 02 §2.8,
// §4 'Policy'). Each group is served with what the caller may do to it.
import type { TSite, TSiteAdd, TSiteUpdate } from '@allclear/contracts';
import { groupPolicy } from '@allclear/domain';
import type { Principal } from '../../../platform/auth.ts';
import { ruleViolation } from '../../../platform/errors.ts';
import { authorize, authorizeAction } from '../../shared/authorize.ts';
import type { SiteRepository } from './site.repository.ts';
import { presentSite, type SiteDetail } from './site.presenter.ts';

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
    const id = await this.repo.create(p.customerId, input.name, input.alertTimes);
    return this.get(p, id);
  }

  async update(p: Principal, input: TSiteUpdate): Promise<TSite> {
    authorize(p, groupPolicy, 'edit', await this.repo.findById(input.id), 'User group');
    await this.repo.update(input.id, input.name, input.alertTimes);
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

  private present(p: Principal, rows: SiteDetail[]): TSite[] {
    return rows.map((site) => presentSite(site, p));
  }
}
