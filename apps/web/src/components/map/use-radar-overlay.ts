// The radar loop on the weather map: the frames of the effective radar type (spec 01 §9 'Radar coverage'), the
// frame the timeline asks for and the one on screen (use-radar-loop.ts), the PLAY timer, and the shown frame's
// time written to the map store for the radar controls.
import { useEffect, useMemo } from 'react';
import type { TRadarFrame, TRadarType } from '@allclear/contracts';
import type { MapInstance } from './maplibre.ts';
import { useMapStore } from './map-store.ts';
import { frameIndexForProgress } from './radar-frames.ts';
import { useLoopFilled, usePlaybackTimer, useShownFrame } from './use-radar-loop.ts';
import { useRadarFrames } from './api/get-radar-frames.ts';
import { radarSourceId } from './layers/layer-ids.ts';

export interface RadarOverlay {
  /** The type the frames are of (the server's answer, else the one asked for). */
  frameType: TRadarType;
  /** The loop, oldest first; empty while the radar is hidden. */
  frames: readonly TRadarFrame[];
  /** The frame the timeline asks for. */
  wantedIndex: number;
  /** The frame on screen (the wanted one once its images have loaded). */
  shownIndex: number;
  /** Whether every frame of the loop is mounted (after the newest frame's first tile). */
  filled: boolean;
}

/** The radar loop of `radarType` on `map`, fetched while `shown`. */
export function useRadarOverlay(
  map: MapInstance | null,
  radarType: TRadarType,
  shown: boolean,
): RadarOverlay {
  const progress = useMapStore((s) => s.progress);
  const setCurrentTime = useMapStore((s) => s.setCurrentTime);
  const query = useRadarFrames(radarType, shown);
  const frames = useMemo(() => (shown ? (query.data?.frames ?? []) : []), [shown, query.data]);
  const frameType = query.data?.type ?? radarType;
  const sourceIds = useMemo(() => frames.map((f) => radarSourceId(frameType, f.time)), [frames, frameType]);
  const wantedIndex = frameIndexForProgress(progress, frames.length);
  const shownIndex = useShownFrame(map, sourceIds, wantedIndex);
  const filled = useLoopFilled(map, sourceIds, wantedIndex);
  usePlaybackTimer(frames.length);
  useEffect(() => {
    setCurrentTime(frames[shownIndex]?.time ?? null);
  }, [frames, shownIndex, setCurrentTime]);
  return { frameType, frames, wantedIndex, shownIndex, filled };
}
