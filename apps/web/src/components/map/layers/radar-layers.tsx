// The radar loop: every frame of the list is its own raster source and layer, all loading at once; only the frame
// on screen has the chosen opacity, the rest 0. Swapping frames is a paint change, so the loop never blanks
// (spec 01 §9 'image frame swap').
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
}

/** All frames of the loop as raster layers below the radar anchor. */
export function RadarLayers({ type, frames, shownIndex, opacity }: RadarLayersProps) {
  return (
    <>
      {frames.map((frame, i) => {
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
