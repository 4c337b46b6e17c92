// User-group rules: customer scoping, the Assistant Admin's own-group limit, who may create, and
// when a group may be deleted (spec 02 §2.8, §4 'Policy', §6).
import type { TSite, TSiteAdd, TSiteUpdate } from '@allclear/contracts';
import type { Principal } from '../../../platform/auth.ts';
import { notFound, ruleViolation } from '../../../platform/errors.ts';
import { assertCustomerScope, requireAdminRole, requireRole } from '../scope.ts';
import type { SiteRepository } from './site.repository.ts';

export class SiteService {
  constructor(private readonly repo: SiteRepository) {}

  /** The groups the caller may see: an Assistant Admin only their own group (spec 02 §6). */
  async list(p: Principal): Promise<TSite[]> {
    if (p.role === 'Assistant Admin') return this.repo.listDetailed(p.customerId, p.siteId ? [p.siteId] : []);
    return this.repo.listDetailed(p.customerId);
  }

  /** The caller's own group, as a one-element list (empty when they have none). */
  async forCurrentUser(p: Principal): Promise<TSite[]> {
    return p.siteId ? this.repo.listDetailed(p.customerId, [p.siteId]) : [];
  }

  async get(p: Principal, id: number): Promise<TSite> {
    const row = await this.repo.findById(id);
    assertCustomerScope(p, row?.customerId, 'User group');
    if (p.role === 'Assistant Admin' && p.siteId !== id) throw notFound('User group');
    const [site] = await this.repo.listDetailed(row!.customerId, [id]);
    return site!;
  }

  /** '+ New group...' is for Admin and Super Admin only (spec 02 §6). */
  async create(p: Principal, input: TSiteAdd): Promise<TSite> {
    requireRole(p, ['Super Admin', 'Admin']);
    const id = await this.repo.create(p.customerId, input.name, input.alertTimes);
    return this.get(p, id);
  }

  async update(p: Principal, input: TSiteUpdate): Promise<TSite> {
    requireAdminRole(p);
    await this.get(p, input.id);
    await this.repo.update(input.id, input.name, input.alertTimes);
    return this.get(p, input.id);
  }

  async delete(p: Principal, id: number): Promise<void> {
    requireRole(p, ['Super Admin', 'Admin']);
    await this.get(p, id);
    const usage = await this.repo.usage(id);
    if (usage.locations > 0) throw ruleViolation('Cannot delete a group assigned to one or more locations');
    if (usage.users > 0) throw ruleViolation('Cannot delete a group that has users');
    if (usage.widgets > 0) throw ruleViolation('Cannot delete a group used by a widget');
    await this.repo.delete(id);
  }
}
