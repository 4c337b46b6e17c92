// Notification-only contacts (spec 02 §3 'User': role -1, hierarchy 5; §7 notificationuser calls; issue 14): they
// never sign in, and are managed by the admin roles of their customer (an Assistant Admin: of their own group)
// under the domain's notification-user policy. A new contact with an e-mail address is told so in an e-mail that,
// like every e-mail to a contact, carries a one-click unsubscribe (RFC 8058, engine/notifications/compose.ts),
// which this service honours at once.
import { randomUUID } from 'node:crypto';
import { NotificationType, notificationUserPolicy, reachFor } from '@allclear/domain';
import type {
  TEmailSubscriptions,
  TNotificationUser,
  TUserPageQuery,
  ZNotificationUserAdd,
} from '@allclear/contracts';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import type { AlertEvent, DirectRecipient, EnqueueAlert, Tx } from '../../../platform/alerts.ts';
import type { Principal } from '../../../platform/auth.ts';
import type { Clock } from '../../../platform/clock.ts';
import { badRequest, forbidden } from '../../../platform/errors.ts';
import { unsubscribeSignerFor } from '../../../platform/message-links.ts';
import { authorize, authorizeAction } from '../../shared/authorize.ts';
import { presentContact, presentEmailSubscriptions } from './user.presenter.ts';
import { UserRepository, type ContactRow, type ListScope } from './user.repository.ts';
import { GROUP_REFUSED, VALIDATION_FAILED } from './user.service.ts';

type ContactBody = z.output<typeof ZNotificationUserAdd>;

export const CONTACT_DELETED = 'Deleted notification user';

/** What an unsubscribe link did. */
export type UnsubscribeOutcome = 'unsubscribed' | 'already' | 'invalid';

export class NotificationUserService {
  private readonly repo: UserRepository;
  constructor(
    private readonly db: Database,
    private readonly enqueueAlert: EnqueueAlert,
    private readonly clock: Clock,
  ) {
    this.repo = new UserRepository(db);
  }

  /** `GET notificationuser`: the customer's contacts (an Assistant Admin's: their group's). */
  async list(p: Principal, page: TUserPageQuery): Promise<TNotificationUser[]> {
    const reach = authorizeAction(p, 'notificationUser', 'view');
    const scope: ListScope = reach === 'group' ? { siteId: p.siteId } : { all: true };
    return (await this.repo.listContacts(p.customerId, scope, page)).map((row) => presentContact(row, p));
  }

  /** `POST notificationuser`: into the caller's customer (an Assistant Admin's: into their group). */
  async create(p: Principal, body: ContactBody): Promise<TNotificationUser> {
    authorizeAction(p, 'notificationUser', 'change');
    this.assertGroupChoice(p, body.siteId!, undefined);
    await this.checkGroup(p.customerId, body.siteId!);
    const id = await this.db.transaction(async (tx) => {
      const contactId = await new UserRepository(tx).insertContact(p.customerId, body);
      if (body.email) await this.welcome(tx, { id: contactId, customerId: p.customerId, ...body });
      return contactId;
    });
    return this.get(p, id);
  }

  /** `POST notificationuser/update`. */
  async update(p: Principal, body: ContactBody & { id: number }): Promise<TNotificationUser> {
    const row = await this.authorized(p, body.id);
    this.assertGroupChoice(p, body.siteId!, row.siteId);
    await this.checkGroup(row.customerId, body.siteId!);
    const { id: _id, ...values } = body;
    const emailChanged = (values.email ?? null) !== (row.email ?? null);
    await this.db.transaction(async (tx) => {
      await new UserRepository(tx).updateContact(row.id, values, emailChanged);
      // a new address is told what it will receive, with its own unsubscribe link
      if (emailChanged && values.email) await this.welcome(tx, { ...row, ...values });
    });
    return this.get(p, row.id);
  }

  /** `DELETE notificationuser/{id}`. */
  async delete(p: Principal, id: number): Promise<string> {
    const row = await this.authorized(p, id);
    await this.repo.deleteContact(row.id);
    return CONTACT_DELETED;
  }

  /** `GET notificationuser/{id}/emailsubscriptions`: whether alert e-mails still go to the contact. */
  async emailSubscriptions(p: Principal, id: number): Promise<TEmailSubscriptions> {
    const row = authorize(
      p,
      notificationUserPolicy,
      'view',
      await this.repo.findContact(id),
      'Notification user',
    );
    return presentEmailSubscriptions(row);
  }

  /**
   * The unsubscribe link (no sign-in: the signature over the contact and its current address is the proof): a
   * valid one stops alert e-mails to the contact at once; a link of an older address, or a forged one, does nothing.
   */
  async unsubscribe(
    notificationUserId: number,
    signature: string,
    apply: boolean,
  ): Promise<UnsubscribeOutcome> {
    const row = await this.repo.findContact(notificationUserId);
    if (!row?.email) return 'invalid';
    const signer = await unsubscribeSignerFor(this.db);
    if (!signer.verify(row.id, row.email, signature)) return 'invalid';
    if (row.emailUnsubscribed) return 'already';
    if (apply) await this.repo.unsubscribeContact(row.id, this.clock.now());
    return 'unsubscribed';
  }

  private async authorized(p: Principal, id: number): Promise<ContactRow> {
    return authorize(
      p,
      notificationUserPolicy,
      'change',
      await this.repo.findContact(id),
      'Notification user',
    );
  }

  private async get(p: Principal, id: number): Promise<TNotificationUser> {
    return presentContact((await this.repo.findListedContact(id))!, p);
  }

  /** As for a user (spec 02 §6 'User group dropdown'): an Assistant Admin's contacts stay in their own group. */
  private assertGroupChoice(p: Principal, siteId: number, current: number | null | undefined): void {
    if (reachFor(p, 'user', 'changeGroup') !== 'none') return;
    const kept = current === undefined ? p.siteId : current;
    if (siteId !== kept) throw forbidden(GROUP_REFUSED);
  }

  private async checkGroup(customerId: number, siteId: number): Promise<void> {
    const site = await this.repo.findSite(siteId);
    if (!site || site.customerId !== customerId)
      throw badRequest(VALIDATION_FAILED, { SiteId: ['User Group does not exist.'] });
  }

  /** The e-mail that tells a new contact (or a contact's new address) what it will receive. */
  private async welcome(
    tx: Tx,
    contact: {
      id: number;
      customerId: number;
      firstName: string;
      lastName: string;
      email: string | null;
      phoneNumber: string | null;
    },
  ): Promise<void> {
    const customer = await new UserRepository(tx).customerName(contact.customerId);
    await this.enqueueAlert(tx, contactWelcomeEvent(contact, customer, this.clock.now()));
  }
}

/** The welcome e-mail of a contact (its unsubscribe link is added when it is sent). */
export function contactWelcomeEvent(
  contact: {
    id: number;
    customerId: number;
    firstName: string;
    lastName: string;
    email: string | null;
    phoneNumber: string | null;
  },
  customerName: string,
  now: Date,
): AlertEvent {
  const recipient: DirectRecipient = {
    key: `notification-user:${contact.id}`,
    email: contact.email!,
    name: `${contact.firstName} ${contact.lastName}`.trim(),
    userId: null,
    notificationUserId: contact.id,
  };
  const channels = contact.phoneNumber ? 'by e-mail and text message' : 'by e-mail';
  return {
    id: randomUUID(),
    kind: 'contact-welcome',
    notificationType: NotificationType.Other,
    customerId: contact.customerId,
    locationId: null,
    correlationId: `contact:${contact.id}:${contact.email}`,
    occurredAt: now,
    subject: `You will receive weather alerts from ${customerName}`,
    body: [
      `Hello ${contact.firstName},`,
      '',
      `${customerName} added you to AllClear as a notification contact: you will receive its lightning and weather alerts ${channels}.`,
      'You do not need an account, and there is nothing to sign in to.',
    ].join('\n'),
    details: { recipient },
  };
}
