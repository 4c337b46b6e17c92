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
