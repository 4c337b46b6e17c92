// Organisation-location rules, each the domain policy of its row: every read and write is scoped to the caller's
// customer (a Super Admin may cross), a user's list is readable by whoever may see that user, group links are
// changed by admin roles (an Assistant Admin only for their own group) (spec 01 §7 'Organisation locations and
// sites', spec 02 §6).
import {
  customerPolicy,
  notificationUserPolicy,
  organizationLocationPolicy,
  userPolicy,
} from '@allclear/domain';
import type {
  TOrganizationLocation,
  TOrganizationLocationSite,
  TOrganizationLocationSiteAdd,
} from '@allclear/contracts';
import type { Principal } from '../../../platform/auth.ts';
import { badRequest, conflict } from '../../../platform/errors.ts';
import { authorize, authorizeAction } from '../../shared/authorize.ts';
import type { OrganizationLocationRepository } from './organization-location.repository.ts';
import {
  presentOrganizationLocation,
  presentOrganizationLocationSite,
} from './organization-location.presenter.ts';

export class OrganizationLocationService {
  constructor(private readonly repo: OrganizationLocationRepository) {}

  /** `GET organizationLocation`: the caller's customer's organisation locations. */
  async list(p: Principal): Promise<TOrganizationLocation[]> {
    return (await this.repo.listForCustomer(p.customerId)).map(presentOrganizationLocation);
  }

  /** `GET organizationLocation/customer/{id}`. */
  async forCustomer(p: Principal, customerId: number): Promise<TOrganizationLocation[]> {
    authorize(p, customerPolicy, 'view', { id: customerId }, 'Customer');
    return (await this.repo.listForCustomer(customerId)).map(presentOrganizationLocation);
  }

  /** `GET organizationLocation/user/{id}`: assigned to the user or to their group. */
  async forUser(p: Principal, userId: string): Promise<TOrganizationLocation[]> {
    const user = authorize(p, userPolicy, 'view', await this.repo.findUser(userId), 'User');
    return (await this.repo.listForUser(user.id, user.customerId, user.siteId)).map(
      presentOrganizationLocation,
    );
  }

  /** `GET organizationLocation/NotiUser/{id}`: the organisation locations of a notification user's group. */
  async forNotificationUser(p: Principal, id: number): Promise<TOrganizationLocation[]> {
    const user = authorize(
      p,
      notificationUserPolicy,
      'view',
      await this.repo.findNotificationUser(id),
      'Notification user',
    );
    return (await this.repo.listForSite(user.customerId, user.siteId)).map(presentOrganizationLocation);
  }

  /** `GET organizationLocation/Sites/{id}`: the user-group links of an organisation location. */
  async sites(p: Principal, organizationLocationId: number): Promise<TOrganizationLocationSite[]> {
    const org = authorize(
      p,
      organizationLocationPolicy,
      'view',
      await this.repo.findById(organizationLocationId),
      'Organization location',
    );
    return (await this.repo.listSites(org.id)).map(presentOrganizationLocationSite);
  }

  /**
   * `POST organizationLocation/Sites`: links an organisation location to a user group of the same customer
   * (the organisation-location policy's 'linkGroup' on that group).
   */
  async addSite(p: Principal, input: TOrganizationLocationSiteAdd): Promise<TOrganizationLocationSite> {
    authorizeAction(p, 'organizationLocation', 'linkGroup');
    const org = authorize(
      p,
      organizationLocationPolicy,
      'view',
      await this.repo.findById(input.organizationLocationId),
      'Organization location',
    );
    const site = await this.repo.findSite(input.siteId);
    if (!site || site.customerId !== org.customerId) {
      throw badRequest('One or more validation errors occurred.', { SiteId: ['User group not found.'] });
    }
    authorize(
      p,
      organizationLocationPolicy,
      'linkGroup',
      { customerId: org.customerId, siteId: site.id },
      'User group',
    );
    if (await this.repo.findSiteLinkByPair(org.id, site.id)) {
      throw conflict('This organization location is already in that user group.', {
        SiteId: ['This organization location is already in that user group.'],
      });
    }
    return presentOrganizationLocationSite(await this.repo.addSiteLink(org.customerId, org.id, site.id));
  }

  /** `DELETE organizationLocation/Sites/{id}`: removes one link. */
  async deleteSite(p: Principal, id: number): Promise<void> {
    authorizeAction(p, 'organizationLocation', 'linkGroup');
    const link = authorize(
      p,
      organizationLocationPolicy,
      'linkGroup',
      await this.repo.findSiteLink(id),
      'Organization location site',
    );
    await this.repo.deleteSiteLink(link.id);
  }
}
