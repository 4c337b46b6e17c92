// GET /map/{type}?frame&future: the radar frame list of a radar type (spec 01 §7 'Radar frames'), refetched every
// 180 s (spec 01 §9 'Radar frames 180 s').
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TRadarType } from '@allclear/contracts';
import { call, type CallData } from '../../../lib/api-client.ts';

/** Radar frames refetch interval, ms (spec 01 §9). */
export const RADAR_FRAMES_REFETCH_MS = 180_000;
/** Frames in one loop: an hour of 5-minute frames, both ends included. */
export const RADAR_LOOP_FRAMES = 13;

/** Fetches the frame list (oldest first) of a radar type. */
export function getRadarFrames(
  type: TRadarType,
  frameCount: number,
  signal?: AbortSignal,
): Promise<CallData<'mapRadarFrames'>> {
  return call('mapRadarFrames', { params: { radarType: type }, query: { frame: frameCount } }, { signal });
}

/** Query options for a radar type's frame list. */
export function getRadarFramesQueryOptions(type: TRadarType, frameCount = RADAR_LOOP_FRAMES) {
  return queryOptions({
    queryKey: ['map', 'radar-frames', type, frameCount],
    queryFn: ({ signal }) => getRadarFrames(type, frameCount, signal),
    refetchInterval: RADAR_FRAMES_REFETCH_MS,
    refetchIntervalInBackground: true,
    // Keep the old loop on screen while a new type's list loads, so the radar never blanks.
    placeholderData: keepPreviousData,
  });
}

/** The frame list of a radar type, or none while the overlay is off. */
export function useRadarFrames(type: TRadarType, enabled: boolean) {
  return useQuery({ ...getRadarFramesQueryOptions(type), enabled });
}
