// The Users page's rows: every user and notification-only contact the caller may see, as one list the table,
// the search and the Filter popover read (spec 02 §2.8). A contact's row id never collides with a user's.
import type { TNotificationUser, TUser, TUserAbilities } from '@allclear/contracts';
import type { DirectoryRow } from '@allclear/domain';

export interface PersonRow extends DirectoryRow {
  /** 'user:<uuid>' or 'contact:<id>'. */
  rowId: string;
  /** The hidden id column (spec 02 §2.8): the user's uuid or the contact's number. */
  id: string | number;
  abilities: TUserAbilities;
  /** A contact who used an e-mail's unsubscribe link (the warning icon). */
  emailUnsubscribed: boolean;
  person: { kind: 'user'; user: TUser } | { kind: 'contact'; contact: TNotificationUser };
}

export function userRow(user: TUser): PersonRow {
  return { ...user, rowId: `user:${user.id}`, emailUnsubscribed: false, person: { kind: 'user', user } };
}

export function contactRow(contact: TNotificationUser): PersonRow {
  return { ...contact, rowId: `contact:${contact.id}`, person: { kind: 'contact', contact } };
}

/** Users then contacts; the table orders them. */
export function peopleRows(users: readonly TUser[], contacts: readonly TNotificationUser[]): PersonRow[] {
  return [...users.map(userRow), ...contacts.map(contactRow)];
}
