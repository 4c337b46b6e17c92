// Who may read a weather station and its history (spec 01 §7 'Hardware'; spec 03 §6 'Station historical page':
// the mesonet permission, a Super Admin, the station's own customer, or a customer on TRIAL).
import { definePolicy } from './entity-policy.ts';
import { ROLE_MATRIX, decideByMatrix, reachOf } from './role-matrix.ts';

export const WEATHER_STATION_ACTIONS = ['view', 'viewHistory'] as const;
export type WeatherStationAction = (typeof WEATHER_STATION_ACTIONS)[number];

export interface WeatherStationPolicyRow {
  customerId: number;
}

export const weatherStationPolicy = definePolicy<WeatherStationAction, WeatherStationPolicyRow>(
  WEATHER_STATION_ACTIONS,
  (p, action, row) => {
    const m = ROLE_MATRIX.weatherStation;
    const scoped = { customerId: row.customerId };
    if (action === 'view') return decideByMatrix(p, m.view, m.view, scoped);
    // 'the customer status is TRIAL': the caller's customer, the one the page reads (spec 03 §7 'customer by id')
    if (reachOf(p, m.viewHistoryAnyCustomer) === 'all' || p.customerStatus === 'TRIAL') return 'allowed';
    return decideByMatrix(p, m.viewHistory, m.viewHistory, scoped);
  },
);

/**
 * Whether an anonymous visitor sees a station's historical page (spec 03 §6 'Anonymous visitors see it when
 * allowed'): of the rule's four conditions the only one that names no signed-in user is 'the customer status is
 * TRIAL', read for a visitor as the station's customer's status (ours; issue 17).
 */
export function stationPageOpenToAnonymous(stationCustomerStatus: string | null | undefined): boolean {
  return stationCustomerStatus === 'TRIAL';
}
