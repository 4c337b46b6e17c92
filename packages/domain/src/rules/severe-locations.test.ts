import { describe, it, expect } from 'vitest';
import {
  severeLocationsReducer as reduce,
  countSevereLocations,
  type SevereLocations,
} from './severe-locations.ts';

const empty: SevereLocations = {};

describe('severe-location tracking (spec 01 §4)', () => {
  it('adds a threat once per short name', () => {
    const one = reduce(empty, {
      type: 'threat-added',
      locationId: 1,
      threat: { shortName: 'HEAT', longName: ['a'] },
    });
    const twice = reduce(one, {
      type: 'threat-added',
      locationId: 1,
      threat: { shortName: 'HEAT', longName: ['b'] },
    });
    expect(twice).toBe(one);
    expect(twice['1']).toEqual([{ shortName: 'HEAT', longName: ['a'] }]);
  });

  it('refreshes the long names of an existing NWS threat', () => {
    const one = reduce(empty, { type: 'nws-updated', locationId: 1, events: ['Heat Advisory'] });
    const two = reduce(one, { type: 'nws-updated', locationId: 1, events: ['Heat Advisory', 'Flood Watch'] });
    expect(two['1']).toEqual([{ shortName: 'NWS', longName: ['Heat Advisory', 'Flood Watch'] }]);
    expect(
      reduce(two, { type: 'nws-updated', locationId: 1, events: ['Heat Advisory', 'Flood Watch'] }),
    ).toBe(two);
  });

  it('deletes the location entry when its last threat is removed', () => {
    const one = reduce(empty, { type: 'nws-updated', locationId: 3, events: ['Tornado Warning'] });
    const gone = reduce(one, { type: 'nws-updated', locationId: 3, events: [] });
    expect(gone).toEqual({});
    expect(reduce(gone, { type: 'threat-removed', locationId: 3, shortName: 'NWS' })).toBe(gone);
  });

  it('keeps other threats when one is removed', () => {
    let s = reduce(empty, { type: 'lightning-updated', locationId: 2, zoneSeconds: [0, 0, 5, 0] });
    s = reduce(s, { type: 'threat-added', locationId: 2, threat: { shortName: 'HEAT', longName: ['x'] } });
    s = reduce(s, { type: 'threat-removed', locationId: 2, shortName: 'HEAT' });
    expect(s['2']).toEqual([{ shortName: 'LR1', longName: ['Lightning Policy Alert'] }]);
  });

  it('adds the LR1 lightning threat when any zone timer is above zero and removes it when all are zero', () => {
    const on = reduce(empty, { type: 'lightning-updated', locationId: 5, zoneSeconds: [0, 1, 0, 0] });
    expect(on['5']).toEqual([{ shortName: 'LR1', longName: ['Lightning Policy Alert'] }]);
    expect(reduce(on, { type: 'lightning-updated', locationId: 5, zoneSeconds: [0, 0, 0, 0] })).toEqual({});
  });

  it("adds '{display name} Policy Warning' for each listed active policy and removes the rest", () => {
    let s = reduce(empty, {
      type: 'policy-alerts-updated',
      locationId: 9,
      alerts: [
        { policyName: 'HEAT', policyDisplayName: 'Heat Index' },
        { policyName: 'LR2', policyDisplayName: 'Lightning' },
      ],
    });
    expect(s['9']).toEqual([{ shortName: 'HEAT', longName: ['Heat Index Policy Warning'] }]);
    s = reduce(s, {
      type: 'policy-alerts-updated',
      locationId: 9,
      alerts: [{ policyName: 'WBGT', policyDisplayName: 'WBGT' }],
    });
    expect(s['9']).toEqual([{ shortName: 'WBGT', longName: ['WBGT Policy Warning'] }]);
    expect(countSevereLocations(s)).toBe(1);
  });
});
