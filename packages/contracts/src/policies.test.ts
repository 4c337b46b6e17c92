// The policy body's own rules (spec 02 §4 'Policy', §5 'Policy'): each refusal on its named field, and the
// defaults of a new policy (re-alert 10, no groups, no messages).
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './common.ts';
import { ALL_CLEAR_NEEDS_TRIGGER, ZPolicyInput, ZPolicyUpdate } from './policies.ts';

const good = { policyType: 9, threshold: 30, allClearMinutes: 30 };
const errorsOf = (body: unknown) => {
  const parsed = ZPolicyInput.safeParse(body);
  return parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
};

describe('policy body', () => {
  it('fills a new policy with re-alert 10 minutes, no groups and no messages', () => {
    expect(ZPolicyInput.parse(good)).toEqual({
      ...good,
      limit: null,
      reAlertMinutes: 10,
      sites: [],
      allGroups: false,
      notificationActions: [],
    });
  });

  it('names Threshold when it is missing or not a number, AllClearMinutes when it is not whole', () => {
    expect(errorsOf({ ...good, threshold: undefined })).toEqual({ Threshold: ['Threshold is required.'] });
    expect(errorsOf({ ...good, threshold: '30' })).toEqual({ Threshold: ['Threshold is required.'] });
    expect(errorsOf({ ...good, allClearMinutes: 30.5 })).toEqual({
      AllClearMinutes: ['All clear minutes must be a whole number.'],
    });
  });

  it('names Sites for a repeated group', () => {
    expect(errorsOf({ ...good, sites: [3, 3] })).toEqual({ Sites: ['Each group may appear only once.'] });
  });

  it('offers Notify On All Clear only after Notify Users', () => {
    const allClear = { allClear: true, message: 'All clear.' };
    const trigger = { allClear: false, message: 'Wind is high.' };
    expect(errorsOf({ ...good, notificationActions: [allClear] })).toEqual({
      NotificationActions: [ALL_CLEAR_NEEDS_TRIGGER],
    });
    expect(errorsOf({ ...good, notificationActions: [trigger, allClear] })).toEqual({});
    expect(errorsOf({ ...good, notificationActions: [{ ...trigger, message: '  ' }] })).toEqual({
      'NotificationActions[0].Message': ['Message is required.'],
    });
  });

  it('refuses an unknown field by name, and an update without its id', () => {
    expect(errorsOf({ ...good, colour: 'red' })).toHaveProperty('Body');
    expect(ZPolicyUpdate.safeParse(good).success).toBe(false);
  });

  it('takes back the fields of the policy as served (spec 02 §3) and drops them from what it parses to', () => {
    const parsed = ZPolicyInput.parse({
      ...good,
      id: 0,
      customerId: 2,
      creatorId: 'u',
      unit: '°F',
      isDesc: false,
    });
    expect(parsed).not.toHaveProperty('customerId');
    expect(parsed).not.toHaveProperty('creatorId');
    expect(parsed).not.toHaveProperty('id');
  });
});
