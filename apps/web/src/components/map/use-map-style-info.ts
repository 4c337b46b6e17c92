// What the weather map reads from its base style: the first layer that names the map (the radar goes below it) and
// the offline 'Satellite' style's note that its imagery is the simulator's (style metadata, map README 'Labels').
import { useEffect, useState } from 'react';
import type { MapInstance } from './maplibre.ts';

/**
 * The first layer of the base style that names the map (metadata 'allclear:place', set by our offline styles): the
 * radar goes below it so city and state names stay readable. Undefined for a configured style without it.
 */
export function firstPlaceLayer(m: MapInstance): string | undefined {
  return m
    .getStyle()
    ?.layers.find((l) => (l.metadata as Record<string, unknown> | undefined)?.['allclear:place'] === true)
    ?.id;
}

/** The label a simulated style asks to show on the map ('Simulated' unless it names one); null for a real one. */
export function simulatedStyleLabel(m: MapInstance): string | null {
  const meta = (m.getStyle()?.metadata ?? {}) as Record<string, unknown>;
  return meta['allclear:simulated'] === true ? String(meta['allclear:label'] ?? 'Simulated') : null;
}

export interface MapStyleInfo {
  /** The layer the radar anchor goes before. */
  placeLayer: string | undefined;
  simulatedLabel: string | null;
  /** Reads the place layer of `m` now: call in the map's load event, so the radar anchor is below the names
   * before any frame is added. */
  readPlaceLayer: (m: MapInstance) => void;
}

/** The base style's place layer and simulated label, read again on every style load (a new base style). */
export function useMapStyleInfo(map: MapInstance | null): MapStyleInfo {
  const [simulatedLabel, setSimulatedLabel] = useState<string | null>(null);
  const [placeLayer, setPlaceLayer] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!map) return undefined;
    const read = () => {
      setSimulatedLabel(simulatedStyleLabel(map));
      setPlaceLayer(firstPlaceLayer(map));
    };
    read();
    map.on('style.load', read);
    return () => {
      map.off('style.load', read);
    };
  }, [map]);
  return { placeLayer, simulatedLabel, readPlaceLayer: (m) => setPlaceLayer(firstPlaceLayer(m)) };
}
