import { describe, it, expect } from 'vitest';
import { ROLE_HIERARCHY } from '../access.ts';
import {
  validateUserForm,
  userContactPayload,
  isRoleOptionDisabled,
  NEW_USER_DEFAULTS,
} from './user-form.ts';

const draft = {
  firstName: 'Ann',
  email: 'ann@example.com',
  phoneNumber: '',
  timeZone: 'CST',
  roleId: 4,
  siteId: 2,
  isNotificationOnly: false,
};

describe('user modal (spec 02 §5, §9)', () => {
  it('requires First Name, Email, Time Zone, Permission Level and User Group', () => {
    expect(validateUserForm(draft)).toEqual({});
    expect(
      validateUserForm({
        ...draft,
        firstName: ' ',
        email: '',
        timeZone: '',
        roleId: null,
        siteId: undefined,
      }),
    ).toEqual({
      FirstName: 'First Name is required.',
      Email: 'Email is required.',
      TimeZone: 'Time Zone is required.',
      RoleId: 'Permission Level is required.',
      SiteId: 'User Group is required.',
    });
  });

  it('does not require Email for a Notification Only user', () => {
    expect(validateUserForm({ ...draft, email: '', isNotificationOnly: true })).toEqual({});
  });

  it('sends empty e-mail and phone as null', () => {
    expect(userContactPayload({ email: ' ', phoneNumber: '' })).toEqual({ email: null, phoneNumber: null });
    expect(userContactPayload({ email: 'a@b.c', phoneNumber: '555' })).toEqual({
      email: 'a@b.c',
      phoneNumber: '555',
    });
  });

  it("disables a role option when the editor's hierarchy is at or above the role's", () => {
    expect(isRoleOptionDisabled(ROLE_HIERARCHY.Admin, ROLE_HIERARCHY.Admin)).toBe(true);
    expect(isRoleOptionDisabled(ROLE_HIERARCHY.Admin, ROLE_HIERARCHY['Super Admin'])).toBe(true);
    expect(isRoleOptionDisabled(ROLE_HIERARCHY.Admin, ROLE_HIERARCHY['Assistant Admin'])).toBe(false);
  });

  it('defaults a new user to CST, hierarchy 4, alert times on and geofence off', () => {
    expect(NEW_USER_DEFAULTS).toEqual({
      id: '',
      timeZone: 'CST',
      roleHierarchy: 4,
      alertTimesEnabled: true,
      geofenceAlertsEnabled: false,
    });
  });
});
