// The policies a location's values are compared with (spec 01 §5 'Policy comparison'): the governing policy of each
// type, read from the threat forecast ('Today's Policy Risks' shares the query, so this makes no call of its own).
// The server applies the most severe threshold per type before it answers; air-quality policies are not in it.
import { useQuery } from '@tanstack/react-query';
import type { TThreatForecast } from '@allclear/contracts';
import type { ComparedPolicy } from '../../../lib/policy-colour.ts';
import { getThreatForecastQueryOptions } from './get-threat-forecast.ts';

/** The location's policies by type short name (HEAT, CHILL, WBGT, PRECIP, WIND, GUST). */
export type LocationPolicies = ReadonlyMap<string, ComparedPolicy>;

/** The governing policy of each type in a threat forecast. */
export function policiesOfForecast(items: TThreatForecast): LocationPolicies {
  const out = new Map<string, ComparedPolicy>();
  for (const item of items)
    out.set(item.threatType, {
      policyType: item.threatType,
      threshold: item.threshold,
      isDesc: item.isDesc,
      unit: item.unit,
    });
  return out;
}

const NONE: LocationPolicies = new Map();

/** The location's policies; empty while loading or when the threat forecast fails (values stay uncoloured). */
export function useLocationPolicies(locationId: number): LocationPolicies {
  const query = useQuery({ ...getThreatForecastQueryOptions(locationId), select: policiesOfForecast });
  return query.data ?? NONE;
}
