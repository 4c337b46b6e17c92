// The radar loop: every frame of the list is its own raster source and layer; only the frame on screen has the
// chosen opacity, the rest 0. Swapping frames is a paint change, so the loop never blanks (spec 01 §9 'image frame
// swap'). Until the loop is filled (useLoopFilled), only the frames asked for and on screen are mounted, so the
// newest frame paints first instead of loading together with the whole loop.
import { Layer, Source } from '../maplibre.ts';
import type { TRadarFrame } from '@allclear/contracts';
import { RADAR_MAX_ZOOM, RADAR_MIN_ZOOM } from '../map-constants.ts';
import { absoluteUrl } from '../radar-frames.ts';
import { RADAR_ANCHOR_LAYER, radarSourceId } from './layer-ids.ts';

export interface RadarLayersProps {
  type: string;
  frames: readonly TRadarFrame[];
  /** Index of the frame on screen, −1 for none. */
  shownIndex: number;
  opacity: number;
  /** False while only the wanted and shown frames are mounted (the loop fills in behind the first frame). */
  filled?: boolean;
  /** Index of the frame the timeline asks for. */
  wantedIndex?: number;
}

/** All frames of the loop as raster layers below the radar anchor. */
export function RadarLayers({
  type,
  frames,
  shownIndex,
  opacity,
  filled = true,
  wantedIndex = shownIndex,
}: RadarLayersProps) {
  return (
    <>
      {frames.map((frame, i) => {
        if (!filled && i !== wantedIndex && i !== shownIndex) return null;
        const id = radarSourceId(type, frame.time);
        return (
          <Source
            key={id}
            id={id}
            type="raster"
            tiles={[absoluteUrl(frame.tileUrl)]}
            tileSize={256}
            minzoom={RADAR_MIN_ZOOM}
            maxzoom={RADAR_MAX_ZOOM}
          >
            <Layer
              id={`${id}-layer`}
              type="raster"
              beforeId={RADAR_ANCHOR_LAYER}
              metadata={{ 'allclear:radar-frame': i }}
              paint={{
                'raster-opacity': i === shownIndex ? opacity : 0,
                'raster-opacity-transition': { duration: 0, delay: 0 },
                'raster-fade-duration': 0,
              }}
            />
          </Source>
        );
      })}
    </>
  );
}
