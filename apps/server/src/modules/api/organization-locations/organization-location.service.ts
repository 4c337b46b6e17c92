// Organisation-location rules: every read and write is scoped to the caller's customer (a Super Admin
// may cross), a user's list is readable by that user and by admin roles, group links are changed by
// admin roles only (spec 01 §7 'Organisation locations and sites', spec 02 §6).
import { ADMIN_ROLES, type RoleName } from '@allclear/domain';
import type {
  TOrganizationLocation,
  TOrganizationLocationSite,
  TOrganizationLocationSiteAdd,
} from '@allclear/contracts';
import type { Principal } from '../../../platform/auth.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { assertCustomerScope, requireAdminRole } from '../scope.ts';
import type { OrganizationLocationRepository } from './organization-location.repository.ts';
import {
  presentOrganizationLocation,
  presentOrganizationLocationSite,
} from './organization-location.presenter.ts';

const isAdmin = (p: Principal) => ADMIN_ROLES.includes(p.role as RoleName);

export class OrganizationLocationService {
  constructor(private readonly repo: OrganizationLocationRepository) {}

  /** `GET organizationLocation`: the caller's customer's organisation locations. */
  async list(p: Principal): Promise<TOrganizationLocation[]> {
    return (await this.repo.listForCustomer(p.customerId)).map(presentOrganizationLocation);
  }

  /** `GET organizationLocation/customer/{id}`. */
  async forCustomer(p: Principal, customerId: number): Promise<TOrganizationLocation[]> {
    assertCustomerScope(p, customerId, 'Customer');
    return (await this.repo.listForCustomer(customerId)).map(presentOrganizationLocation);
  }

  /** `GET organizationLocation/user/{id}`: assigned to the user or to their group. */
  async forUser(p: Principal, userId: string): Promise<TOrganizationLocation[]> {
    const user = await this.repo.findUser(userId);
    assertCustomerScope(p, user?.customerId, 'User');
    if (user!.id !== p.userId && !isAdmin(p)) throw notFound('User');
    return (await this.repo.listForUser(user!.id, user!.customerId, user!.siteId)).map(
      presentOrganizationLocation,
    );
  }

  /** `GET organizationLocation/NotiUser/{id}`: the organisation locations of a notification user's group. */
  async forNotificationUser(p: Principal, id: number): Promise<TOrganizationLocation[]> {
    const user = await this.repo.findNotificationUser(id);
    assertCustomerScope(p, user?.customerId, 'Notification user');
    if (!isAdmin(p)) throw notFound('Notification user');
    return (await this.repo.listForSite(user!.customerId, user!.siteId)).map(presentOrganizationLocation);
  }

  /** `GET organizationLocation/Sites/{id}`: the user-group links of an organisation location. */
  async sites(p: Principal, organizationLocationId: number): Promise<TOrganizationLocationSite[]> {
    const org = await this.repo.findById(organizationLocationId);
    assertCustomerScope(p, org?.customerId, 'Organization location');
    return (await this.repo.listSites(org!.id)).map(presentOrganizationLocationSite);
  }

  /** `POST organizationLocation/Sites`: links an organisation location to a user group of the same customer. */
  async addSite(p: Principal, input: TOrganizationLocationSiteAdd): Promise<TOrganizationLocationSite> {
    requireAdminRole(p);
    const org = await this.repo.findById(input.organizationLocationId);
    assertCustomerScope(p, org?.customerId, 'Organization location');
    const site = await this.repo.findSite(input.siteId);
    if (!site || site.customerId !== org!.customerId) {
      throw badRequest('One or more validation errors occurred.', { SiteId: ['User group not found.'] });
    }
    if (await this.repo.findSiteLinkByPair(org!.id, site.id)) {
      throw conflict('This organization location is already in that user group.', {
        SiteId: ['This organization location is already in that user group.'],
      });
    }
    return presentOrganizationLocationSite(await this.repo.addSiteLink(org!.customerId, org!.id, site.id));
  }

  /** `DELETE organizationLocation/Sites/{id}`: removes one link. */
  async deleteSite(p: Principal, id: number): Promise<void> {
    requireAdminRole(p);
    const link = await this.repo.findSiteLink(id);
    assertCustomerScope(p, link?.customerId, 'Organization location site');
    await this.repo.deleteSiteLink(link!.id);
  }
}
