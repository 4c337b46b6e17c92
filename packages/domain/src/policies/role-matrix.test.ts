import { describe, expect, it } from 'vitest';
import { ROLE_NAMES } from '../access.ts';
import { ROLE_MATRIX, REACHES, RELATIONS, accessRuleOf, covers, reachOf, relationOf } from './role-matrix.ts';

describe('covers: each reach includes the ones before it (role-matrix.ts header)', () => {
  // rows: reach; letters: own, group, customer, other-customer (Y covered, n not)
  const TABLE = { none: 'nnnn', own: 'Ynnn', group: 'YYnn', customer: 'YYYn', all: 'YYYY' } as const;
  for (const reach of REACHES)
    RELATIONS.forEach((relation, i) => {
      const expected = TABLE[reach][i] === 'Y';
      it(`${reach} covers ${relation}: ${expected}`, () => expect(covers(reach, relation)).toBe(expected));
    });
});

describe('relationOf', () => {
  const p = { userId: 'me', customerId: 1, role: 'Admin' as const, siteId: 5 };
  it('tells own, group, customer and other customer apart', () => {
    expect(relationOf(p, { customerId: 1, ownerId: 'me', siteIds: [9] })).toBe('own');
    expect(relationOf(p, { customerId: 1, ownerId: 'them', siteIds: [9, 5] })).toBe('group');
    expect(relationOf(p, { customerId: 1, ownerId: 'them', siteIds: [9] })).toBe('customer');
    expect(relationOf(p, { customerId: 1 })).toBe('customer');
    expect(relationOf(p, { customerId: 2, ownerId: 'me', siteIds: [5] })).toBe('other-customer');
  });
  it('puts no row in the group of a caller without one', () => {
    expect(relationOf({ ...p, siteId: null }, { customerId: 1, siteIds: [5] })).toBe('customer');
  });
});

describe('reachOf', () => {
  it("is the role's cell, or none when the rule's permission is missing (any listed permission passes)", () => {
    const rule = ROLE_MATRIX.integration.view;
    const admin = { userId: 'me', customerId: 1, role: 'Admin' as const };
    expect(reachOf(admin, rule)).toBe('none');
    expect(reachOf({ ...admin, permissions: ['read:integrations'] }, rule)).toBe('customer');
    expect(reachOf({ ...admin, permissions: ['integrations.sso.access'] }, rule)).toBe('customer');
    expect(reachOf({ ...admin, role: 'Customer', permissions: ['read:integrations'] }, rule)).toBe('none');
  });
});

describe('accessRuleOf', () => {
  it('lists the roles with any reach and keeps the permissions; no role list when every role has one', () => {
    expect(accessRuleOf(ROLE_MATRIX.consultation.send)).toEqual({
      roles: ['Super Admin', 'Admin', 'Assistant Admin'],
      permissions: ['met.support'],
    });
    expect(accessRuleOf(ROLE_MATRIX.report.generate)).toEqual({ permissions: ['historical_report.access'] });
    expect(accessRuleOf(ROLE_MATRIX.paMessage.view)).toEqual({});
  });
});

describe('ROLE_MATRIX', () => {
  it('gives every rule a cell for every role and a source', () => {
    for (const [entity, actions] of Object.entries(ROLE_MATRIX))
      for (const [action, rule] of Object.entries(actions)) {
        expect(Object.keys(rule.reach).sort(), `${entity}.${action}`).toEqual([...ROLE_NAMES].sort());
        expect(rule.source.length, `${entity}.${action}`).toBeGreaterThan(10);
      }
  });
});
