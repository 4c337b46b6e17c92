// The User modal's values and the body they become (spec 02 §3 'User', §5 'User modal', §9 'New user defaults'):
// a new user starts in CST with the default role (hierarchy 4, Customer), an editor who may not choose the group
// starts in their own; empty e-mail and phone are sent as null. Pure, so the choice of call is tested alone.
import { NEW_USER_DEFAULTS, ROLE_HIERARCHY, ROLE_IDS, ROLE_NAMES } from '@allclear/domain';
import { NOTIFICATION_ONLY_ROLE_ID, type TUserForm } from '@allclear/contracts';
import type { PersonSave } from '../api/save-person.ts';
import type { PersonRow } from './people.ts';

export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  timeZone: string;
  /** Always one of the options: the select cannot be emptied. */
  roleId: number;
  siteId: number | '';
  /** Organisation locations preloaded for a full user. */
  orgLocations: number[];
}

/** The role a new user starts with: the one of hierarchy 4 (spec 02 §9). */
export const DEFAULT_ROLE_ID =
  ROLE_IDS[ROLE_NAMES.find((r) => ROLE_HIERARCHY[r] === NEW_USER_DEFAULTS.roleHierarchy) ?? 'Customer'];

export function userFormValues(
  row: PersonRow | null,
  ownSiteId: number | null,
  mayChooseGroup: boolean,
): UserFormValues {
  if (!row)
    return {
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      timeZone: NEW_USER_DEFAULTS.timeZone,
      roleId: DEFAULT_ROLE_ID,
      siteId: mayChooseGroup ? '' : (ownSiteId ?? ''),
      orgLocations: [],
    };
  const person = row.person.kind === 'user' ? row.person.user : row.person.contact;
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email ?? '',
    phoneNumber: person.phoneNumber ?? '',
    timeZone: person.timeZone,
    roleId: person.roleId,
    siteId: person.siteId ?? '',
    orgLocations: row.person.kind === 'user' ? [...row.person.user.orgLocations] : [],
  };
}

const orNull = (s: string) => (s.trim() === '' ? null : s);

/** The form's body as the contract checks it: '' sent as null (spec 02 §5). */
export function toUserFormInput(values: UserFormValues): TUserForm {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: orNull(values.email),
    phoneNumber: orNull(values.phoneNumber),
    // an unknown zone is the schema's to refuse, as the server would
    timeZone: values.timeZone as TUserForm['timeZone'],
    roleId: values.roleId,
    siteId: values.siteId === '' ? null : values.siteId,
  };
}

/** True when saving would turn a full user into a notification-only contact (asks first, spec 02 §4). */
export function isDemotion(row: PersonRow | null, values: Pick<UserFormValues, 'roleId'>): boolean {
  return row?.person.kind === 'user' && values.roleId === NOTIFICATION_ONLY_ROLE_ID;
}

/** The call a save makes, from who is edited (nobody: a new one) and the chosen Permission Level (spec 02 §4). */
export function personSave(row: PersonRow | null, body: TUserForm, orgLocations: number[]): PersonSave {
  const contactOnly = body.roleId === NOTIFICATION_ONLY_ROLE_ID;
  const { roleId: _roleId, ...contact } = body;
  if (!row)
    return contactOnly
      ? { kind: 'addContact', body: contact }
      : { kind: 'addUser', body, locations: orgLocations };
  if (row.person.kind === 'user') {
    const id = row.person.user.id;
    return contactOnly
      ? { kind: 'demote', body: { ...contact, id } }
      : { kind: 'updateUser', body: { ...body, id }, locations: orgLocations };
  }
  const id = row.person.contact.id;
  return contactOnly
    ? { kind: 'updateContact', body: { ...contact, id } }
    : { kind: 'promote', body: { ...body, id }, locations: orgLocations };
}
