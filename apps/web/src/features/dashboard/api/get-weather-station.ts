// GET Hardware/WeatherStation/{id} and Hardware/WeatherStation/Image/LastModified/{id} (spec 01 §7, spec 02 §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TStation, TStationImageLastModified } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { FIVE_MINUTES_MS } from './polling.ts';

/** Fetches a weather station. */
export function getWeatherStation(stationId: number, signal?: AbortSignal): Promise<TStation> {
  return call('weatherStationByHardware', { params: { id: stationId } }, { signal });
}

/** Fetches when the station's sky image last changed. */
export function getStationImageLastModified(
  stationId: number,
  signal?: AbortSignal,
): Promise<TStationImageLastModified> {
  return call('weatherStationImageLastModified', { params: { id: stationId } }, { signal });
}

/** Query options of the station: every 5 min. */
export function getWeatherStationQueryOptions(stationId: number) {
  return queryOptions({
    queryKey: ['weather-station', stationId],
    queryFn: ({ signal }) => getWeatherStation(stationId, signal),
    refetchInterval: FIVE_MINUTES_MS,
    refetchIntervalInBackground: true,
  });
}

/** Query options of the image's last-modified time: every 5 min (spec 02 §7). */
export function getStationImageLastModifiedQueryOptions(stationId: number) {
  return queryOptions({
    queryKey: ['weather-station', stationId, 'image-last-modified'],
    queryFn: ({ signal }) => getStationImageLastModified(stationId, signal),
    refetchInterval: FIVE_MINUTES_MS,
    refetchIntervalInBackground: true,
  });
}

/** The station. */
export function useWeatherStation(stationId: number | null) {
  return useQuery({ ...getWeatherStationQueryOptions(stationId ?? 0), enabled: stationId !== null });
}

/** When the station's image last changed. */
export function useStationImageLastModified(stationId: number | null) {
  return useQuery({
    ...getStationImageLastModifiedQueryOptions(stationId ?? 0),
    enabled: stationId !== null,
  });
}

/** The image URL with a cache-busting time stamp (spec 01 §2 'refreshed with a cache-busting time stamp'). */
export function cacheBustedImageUrl(imageUrl: string, stamp: string | number): string {
  return `${imageUrl}${imageUrl.includes('?') ? '&' : '?'}t=${encodeURIComponent(String(stamp))}`;
}
