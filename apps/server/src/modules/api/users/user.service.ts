// Users (spec 02 §2.8, §4 'User modal', §5, §6; issue 14): who the caller may list, add, change, delete, promote
// and demote, decided by the domain's user and notification-user policies through authorize() before anything is
// written; the rules of the rows themselves (a role only below the editor's, the group dropdown, a free e-mail
// address); each write in one transaction with the invite it sends, and a 'user-changed' event after commit.
import {
  ROLE_HIERARCHY,
  ROLE_IDS,
  ROLE_NAMES,
  isRoleOptionDisabled,
  notificationUserPolicy,
  reachFor,
  userPolicy,
  type RoleName,
} from '@allclear/domain';
import {
  USER_MESSAGES,
  type TNotificationUser,
  type TUser,
  type TUserPageQuery,
  type ZUserAdd,
  type ZUserDemote,
  type ZUserPromote,
  type ZUserUpdate,
} from '@allclear/contracts';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import type { EnqueueAlert } from '../../../platform/alerts.ts';
import type { Principal } from '../../../platform/auth.ts';
import type { Bus } from '../../../platform/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import { badRequest, forbidden } from '../../../platform/errors.ts';
import { authorize, authorizeAction } from '../../shared/authorize.ts';
import { sendInvite } from '../../shared/invites.ts';
import { presentContact, presentUser, userPolicyRow } from './user.presenter.ts';
import { UserRepository, type ListScope, type UserRow, type UserValues } from './user.repository.ts';

export const USER_DELETED = 'Deleted user';
export const ROLE_REFUSED = 'You may give a user only a permission level below your own.';
export const GROUP_REFUSED = "You may not change a user's group.";
export const VALIDATION_FAILED = 'One or more validation errors occurred.';

const ROLE_NAME_OF_ID = new Map<number, RoleName>(ROLE_NAMES.map((name) => [ROLE_IDS[name], name]));

/** The parsed bodies (the schemas have already refused a missing group, so `siteId` is set). */
type UserFields = Omit<z.output<typeof ZUserAdd>, 'id'>;
type UserUpdateBody = z.output<typeof ZUserUpdate>;
type DemoteBody = z.output<typeof ZUserDemote>;
type PromoteBody = z.output<typeof ZUserPromote>;

export class UserService {
  private readonly repo: UserRepository;
  constructor(
    private readonly db: Database,
    private readonly enqueueAlert: EnqueueAlert,
    private readonly bus: Bus,
    private readonly clock: Clock,
  ) {
    this.repo = new UserRepository(db);
  }

  /** `GET user/customer`: the customer's users an admin role may see (an Assistant Admin's: their group's). */
  async list(p: Principal, page: TUserPageQuery, roleNames?: string[]): Promise<TUser[]> {
    const rows = await this.repo.listUsers(p.customerId, this.scopeOf(p), page, roleNames);
    return rows.map((row) => presentUser(row, p));
  }

  /** `POST user`: a new full user, inactive until they set a password from the invite e-mailed with it. */
  async create(p: Principal, body: UserFields): Promise<TUser> {
    authorizeAction(p, 'user', 'create');
    this.assertRole(p, body.roleId);
    this.assertGroupChoice(p, body.siteId!, undefined);
    await this.checkRow(p.customerId, body, undefined);
    const now = this.clock.now();
    const id = await this.db.transaction(async (tx) => {
      const repo = new UserRepository(tx);
      const userId = await repo.insertUser(p.customerId, this.values(body));
      await sendInvite(tx, this.enqueueAlert, this.invitee(userId, p.customerId, body), now);
      return userId;
    });
    this.changed(id, p.customerId, false);
    return this.get(p, id);
  }

  /** `POST user/update`: the edit rule of spec 02 §6 on the user as stored, then on the new role and group. */
  async update(p: Principal, body: UserUpdateBody): Promise<TUser> {
    const row = authorize(p, userPolicy, 'edit', await this.policyRow(body.id), 'User');
    this.assertRole(p, body.roleId);
    this.assertGroupChoice(p, body.siteId!, row.siteId);
    await this.checkRow(row.customerId, body, row.id);
    const reinvite = !row.isActive && body.email !== row.email;
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await new UserRepository(tx).updateUser(row.id, this.values(body));
      // an invite not yet accepted follows the address: the old link dies, the new address gets one
      if (reinvite) await sendInvite(tx, this.enqueueAlert, this.invitee(row.id, row.customerId, body), now);
    });
    this.changed(row.id, row.customerId, false);
    return this.get(p, row.id);
  }

  /** `DELETE user/{id}`: with their locations, settings and invites (foreign keys cascade). */
  async delete(p: Principal, id: string): Promise<string> {
    const row = authorize(p, userPolicy, 'delete', await this.policyRow(id), 'User');
    await this.repo.deleteUser(row.id);
    this.changed(row.id, row.customerId, true);
    return USER_DELETED;
  }

  /**
   * `DELETE user/demote`: a full user becomes a notification-only contact ('Warning: Demoting Full User', spec 02
   * §4): the contact is written and the user deleted, with their saved locations and settings, in one transaction.
   * Refused unless the caller may delete the user and may manage a contact of the chosen group.
   */
  async demote(p: Principal, body: DemoteBody): Promise<TNotificationUser> {
    const row = authorize(p, userPolicy, 'delete', await this.policyRow(body.id), 'User');
    this.assertGroupChoice(p, body.siteId!, row.siteId);
    authorize(
      p,
      notificationUserPolicy,
      'change',
      { customerId: row.customerId, siteId: body.siteId },
      'User',
    );
    await this.checkGroup(row.customerId, body.siteId!);
    const contactId = await this.db.transaction(async (tx) => {
      const repo = new UserRepository(tx);
      const id = await repo.insertContact(row.customerId, {
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        phoneNumber: body.phoneNumber,
        timeZone: body.timeZone,
        siteId: body.siteId,
      });
      await repo.deleteUser(row.id);
      return id;
    });
    this.changed(row.id, row.customerId, true);
    const listed = await this.repo.findListedContact(contactId);
    return presentContact(listed!, p);
  }

  /**
   * `POST user/PromoteNotificationOnlyUser`: a contact becomes a full user ('Successfully promoted to full user',
   * spec 02 §4), invited to set a password; the contact is removed in the same transaction.
   */
  async promote(p: Principal, body: PromoteBody): Promise<TUser> {
    const contact = authorize(
      p,
      notificationUserPolicy,
      'change',
      await this.repo.findContact(body.id),
      'Notification user',
    );
    authorizeAction(p, 'user', 'create');
    this.assertRole(p, body.roleId);
    this.assertGroupChoice(p, body.siteId!, contact.siteId);
    await this.checkRow(contact.customerId, body, undefined);
    const now = this.clock.now();
    const id = await this.db.transaction(async (tx) => {
      const repo = new UserRepository(tx);
      const userId = await repo.insertUser(contact.customerId, this.values(body));
      await repo.deleteContact(contact.id);
      await sendInvite(tx, this.enqueueAlert, this.invitee(userId, contact.customerId, body), now);
      return userId;
    });
    this.changed(id, contact.customerId, false);
    return this.get(p, id);
  }

  /** Which of the customer's users the caller lists: all, or their group's and their own. */
  private scopeOf(p: Principal): ListScope {
    const reach = authorizeAction(p, 'user', 'list');
    return reach === 'group' ? { siteId: p.siteId, ownUserId: p.userId } : { all: true };
  }

  private async get(p: Principal, id: string): Promise<TUser> {
    const listed = await this.repo.findListed(id);
    return presentUser(listed!, p);
  }

  private async policyRow(id: string): Promise<(UserRow & ReturnType<typeof userPolicyRow>) | undefined> {
    const row = await this.repo.findUser(id);
    return row ? { ...row, ...userPolicyRow(row, row.hierarchy) } : undefined;
  }

  /** A role option is open only below the editor's hierarchy (spec 02 §5): 403 otherwise. */
  private assertRole(p: Principal, roleId: number): void {
    const role = ROLE_NAME_OF_ID.get(roleId);
    if (!role || isRoleOptionDisabled(ROLE_HIERARCHY[p.role], ROLE_HIERARCHY[role]))
      throw forbidden(ROLE_REFUSED);
  }

  /**
   * The User group dropdown is disabled for an editor above hierarchy 2 (spec 02 §6): an Assistant Admin's new
   * users go to their own group, and the users they edit stay in theirs. 403 otherwise.
   */
  private assertGroupChoice(p: Principal, siteId: number, current: number | null | undefined): void {
    if (reachFor(p, 'user', 'changeGroup') !== 'none') return;
    const kept = current === undefined ? p.siteId : current;
    if (siteId !== kept) throw forbidden(GROUP_REFUSED);
  }

  /** The group must be one of the customer's; the e-mail address must be nobody else's (400, naming the field). */
  private async checkRow(
    customerId: number,
    body: Pick<UserFields, 'siteId' | 'email'>,
    userId: string | undefined,
  ): Promise<void> {
    await this.checkGroup(customerId, body.siteId!);
    if (body.email && (await this.repo.emailTaken(body.email, userId)))
      throw badRequest(VALIDATION_FAILED, { UserName: [USER_MESSAGES.userNameTaken(body.email)] });
  }

  private async checkGroup(customerId: number, siteId: number): Promise<void> {
    const site = await this.repo.findSite(siteId);
    if (!site || site.customerId !== customerId)
      throw badRequest(VALIDATION_FAILED, { SiteId: ['User Group does not exist.'] });
  }

  private values(body: UserFields): UserValues {
    return {
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      // a full user's e-mail is their user name (the sign-in name)
      userName: body.email!,
      phoneNumber: body.phoneNumber,
      timeZone: body.timeZone,
      roleId: body.roleId,
      siteId: body.siteId,
      smsNotifications: body.smsNotifications,
      emailNotifications: body.emailNotifications,
      geofenceAlertsEnabled: body.geofenceAlertsEnabled,
      alertTimesEnabled: body.alertTimesEnabled,
    };
  }

  private invitee(id: string, customerId: number, body: UserFields) {
    return { id, customerId, email: body.email!, firstName: body.firstName, lastName: body.lastName };
  }

  /** After commit: another engineer's principal cache drops the user's entry on it. */
  private changed(userId: string, customerId: number, deleted: boolean): void {
    this.bus.publish('user-changed', { userId, customerId, deleted });
  }
}
