// The radar loop's timing: the PLAY timer (one tick per frame at the chosen speed, spec 01 §9 'Playback speeds'),
// and the frame on screen, which follows the timeline only onto frames whose images have loaded; until then the
// previous frame stays and the swap is retried every 100 ms (spec 01 §9 'image frame swap 100 ms').
import { useEffect, useState } from 'react';
import { PLAYBACK_SPEED_MS } from '@allclear/domain';
import type { MapInstance } from './maplibre.ts';
import { FRAME_SWAP_MS } from './map-constants.ts';
import { useMapStore } from './map-store.ts';

/** Ticks the playback machine every speed-ms while it is in PLAY. */
export function usePlaybackTimer(frameCount: number): void {
  const playing = useMapStore((s) => s.playback === 'PLAY');
  const speed = useMapStore((s) => s.speed);
  const dispatch = useMapStore((s) => s.dispatchPlayback);
  useEffect(() => {
    if (!playing || frameCount < 1) return undefined;
    const timer = setInterval(() => dispatch({ type: 'ticked', frameCount }), PLAYBACK_SPEED_MS[speed]);
    return () => clearInterval(timer);
  }, [playing, speed, frameCount, dispatch]);
}

/** The index of the frame to show: the wanted one once its source has loaded, else the one shown before. */
export function useShownFrame(map: MapInstance | null, sourceIds: readonly string[], wanted: number): number {
  const [shown, setShown] = useState<{ ids: readonly string[]; index: number }>({
    ids: sourceIds,
    index: wanted,
  });
  useEffect(() => {
    if (wanted < 0) {
      setShown({ ids: sourceIds, index: -1 });
      return undefined;
    }
    const ready = () => {
      const id = sourceIds[wanted];
      return Boolean(map && id && map.getSource(id) && map.isSourceLoaded(id));
    };
    if (!map || ready()) {
      setShown({ ids: sourceIds, index: wanted });
      return undefined;
    }
    const timer = setInterval(() => {
      if (!ready()) return;
      clearInterval(timer);
      setShown({ ids: sourceIds, index: wanted });
    }, FRAME_SWAP_MS);
    return () => clearInterval(timer);
  }, [map, sourceIds, wanted]);
  if (shown.ids === sourceIds) return shown.index;
  // A refreshed list (every 180 s) keeps the frame on screen where it still exists; a new radar type starts on
  // the wanted frame.
  const previous = shown.index >= 0 ? shown.ids[shown.index] : undefined;
  const kept = previous === undefined ? -1 : sourceIds.indexOf(previous);
  return kept >= 0 ? kept : wanted;
}

/** How long the loop waits for its first frame before it fills in the rest anyway (a frame whose tiles fail). */
export const FIRST_FRAME_WAIT_MS = 4000;

/**
 * Whether the whole loop is mounted yet. A new loop (first load, another radar type) mounts only the frame the
 * timeline asks for, so its tiles do not queue behind twelve other frames' in the browser's few connections per
 * host; once that frame has painted a tile and loaded (or after FIRST_FRAME_WAIT_MS), the rest of the loop follows.
 * A refreshed list (every 180 s) that keeps frames of the filled one stays filled.
 */
export function useLoopFilled(
  map: MapInstance | null,
  sourceIds: readonly string[],
  wanted: number,
): boolean {
  const [filled, setFilled] = useState<{ ids: readonly string[]; all: boolean }>({
    ids: sourceIds,
    all: false,
  });
  let current = filled;
  if (filled.ids !== sourceIds) {
    current = { ids: sourceIds, all: filled.all && sourceIds.some((id) => filled.ids.includes(id)) };
    setFilled(current);
  }
  const all = current.all;
  const firstId = wanted >= 0 ? sourceIds[wanted] : undefined;
  useEffect(() => {
    if (all || !map || !firstId) return undefined;
    let painted = false;
    const onData = (e: { sourceId?: string; tile?: unknown }) => {
      if (e.sourceId === firstId && e.tile) painted = true;
    };
    map.on('sourcedata', onData);
    const started = Date.now();
    const timer = setInterval(() => {
      const loaded = painted && map.getSource(firstId) !== undefined && map.isSourceLoaded(firstId);
      if (!loaded && Date.now() - started < FIRST_FRAME_WAIT_MS) return;
      clearInterval(timer);
      setFilled((f) => (f.ids === sourceIds ? { ids: sourceIds, all: true } : f));
    }, FRAME_SWAP_MS);
    return () => {
      clearInterval(timer);
      map.off('sourcedata', onData);
    };
  }, [map, sourceIds, firstId, all]);
  return all;
}
