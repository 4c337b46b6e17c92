import { describe, it, expect } from 'vitest';
import {
  canEditUser,
  canResendInvite,
  isUserGroupDropdownDisabled,
  canSelectAlertMode,
  canDeleteUserGroup,
  canCreateUserGroup,
  canManageUsers,
} from './user-permissions.ts';

const superAdmin = { hierarchy: 1, siteId: 1 };
const admin = { hierarchy: 2, siteId: 1 };
const assistant = { hierarchy: 3, siteId: 1 };
const customer = { hierarchy: 4, siteId: 1 };
const otherCustomer = { hierarchy: 4, siteId: 2 };
const notiOnly = { hierarchy: 5, siteId: 1 };

describe('user permissions (spec 02 §6)', () => {
  it('lets an editor change only users of a higher hierarchy, and only up to hierarchy 3', () => {
    expect(canEditUser(admin, customer)).toBe(true);
    expect(canEditUser(admin, admin)).toBe(false);
    expect(canEditUser(admin, superAdmin)).toBe(false);
    expect(canEditUser(customer, notiOnly)).toBe(false);
    expect(canEditUser(superAdmin, otherCustomer)).toBe(true);
  });

  it('limits an Assistant Admin to users of their own group', () => {
    expect(canEditUser(assistant, customer)).toBe(true);
    expect(canEditUser(assistant, otherCustomer)).toBe(false);
    expect(canEditUser({ hierarchy: 3, siteId: null }, { hierarchy: 4, siteId: null })).toBe(false);
  });

  it('lets Super Admin and Admin resend invites, an Assistant Admin in the same group, never to Notification Only', () => {
    expect(canResendInvite(superAdmin, otherCustomer)).toBe(true);
    expect(canResendInvite(admin, otherCustomer)).toBe(true);
    expect(canResendInvite(assistant, customer)).toBe(true);
    expect(canResendInvite(assistant, otherCustomer)).toBe(false);
    expect(canResendInvite(customer, customer)).toBe(false);
    expect(canResendInvite(superAdmin, notiOnly)).toBe(false);
  });

  it('disables the user-group dropdown above hierarchy 2', () => {
    expect(isUserGroupDropdownDisabled(2)).toBe(false);
    expect(isUserGroupDropdownDisabled(3)).toBe(true);
  });

  it('offers alert mode to admin roles holding the geofence permission', () => {
    expect(canSelectAlertMode('Assistant Admin', ['geofence.alerts.access'])).toBe(true);
    expect(canSelectAlertMode('Customer', ['geofence.alerts.access'])).toBe(false);
    expect(canSelectAlertMode('Admin', [])).toBe(false);
  });

  it('enables group delete only with no users and no widgets', () => {
    expect(canDeleteUserGroup({ userCount: 0, widgetCount: 0 })).toBe(true);
    expect(canDeleteUserGroup({ userCount: 1, widgetCount: 0 })).toBe(false);
    expect(canDeleteUserGroup({ userCount: 0, widgetCount: 1 })).toBe(false);
  });

  it("offers '+ New group...' to Admin and Super Admin only, and user management to admin roles", () => {
    expect(canCreateUserGroup('Super Admin')).toBe(true);
    expect(canCreateUserGroup('Admin')).toBe(true);
    expect(canCreateUserGroup('Assistant Admin')).toBe(false);
    expect(canManageUsers('Assistant Admin')).toBe(true);
    expect(canManageUsers('Customer')).toBe(false);
  });
});
