// GET forecast/Hourly/ForLocation/{id}?hours and forecast/Daily/ForLocation/{id} (spec 01 §3, §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDailyForecast, THourlyForecast } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { DAILY_FORECAST_POLL_MS, HOURLY_FORECAST_POLL_MS } from './polling.ts';

/** Hours of the Forecast Breakdown's hourly strip: 36 columns of 60 px = 2160 px (spec 01 §2). */
export const BREAKDOWN_HOURS = 36;

/** Fetches `hours` of hourly forecast. */
export function getHourlyForecast(
  locationId: number,
  hours: number,
  signal?: AbortSignal,
): Promise<THourlyForecast> {
  return call('forecastHourly', { params: { id: locationId }, query: { hours } }, { signal });
}

/** Fetches the 7-day forecast (version header 2.0 in the original; the contract has one version). */
export function getDailyForecast(locationId: number, signal?: AbortSignal): Promise<TDailyForecast> {
  return call('forecastDaily', { params: { id: locationId } }, { signal });
}

/** Query options of the hourly forecast: polled every 15 min. */
export function getHourlyForecastQueryOptions(locationId: number, hours: number) {
  return queryOptions({
    queryKey: ['forecast', 'hourly', locationId, hours],
    queryFn: ({ signal }) => getHourlyForecast(locationId, hours, signal),
    refetchInterval: HOURLY_FORECAST_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** Query options of the daily forecast: polled every 6 h. */
export function getDailyForecastQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: ['forecast', 'daily', locationId],
    queryFn: ({ signal }) => getDailyForecast(locationId, signal),
    refetchInterval: DAILY_FORECAST_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** The hourly forecast. */
export function useHourlyForecast(locationId: number, hours: number) {
  return useQuery(getHourlyForecastQueryOptions(locationId, hours));
}

/** The daily forecast. */
export function useDailyForecast(locationId: number) {
  return useQuery(getDailyForecastQueryOptions(locationId));
}
