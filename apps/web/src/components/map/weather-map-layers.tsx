// Every layer of the weather map inside <Map>, in drawing order (first below): the radar anchor under the style's
// place names, the radar loop, the product images, NWS alerts, tropical forecast, storm cells, the selected
// location's rings, lightning, the saved locations and the measured path.
import { Layer } from './maplibre.ts';
import { useMapStore } from './map-store.ts';
import { RADAR_ANCHOR_LAYER } from './layers/layer-ids.ts';
import { RadarLayers } from './layers/radar-layers.tsx';
import { LightningLayer } from './layers/lightning-layer.tsx';
import { StormCellsLayer } from './layers/storm-cells-layer.tsx';
import { NwsAlertsLayer } from './layers/nws-alerts-layer.tsx';
import { TropicalLayer } from './layers/tropical-layer.tsx';
import { ProductLayer } from './layers/product-layer.tsx';
import { LocationLayer, SavedLocationsLayer, type MapLocation } from './layers/location-layer.tsx';
import { MeasureLayer } from './layers/measure-layer.tsx';
import type { MapOverlays } from './use-map-overlays.ts';

export interface WeatherMapLayersProps {
  overlays: MapOverlays;
  /** False until the map has loaded: the radar's sources wait for it. */
  mapLoaded: boolean;
  /** The style layer the radar anchor goes before (undefined: on top). */
  placeLayer: string | undefined;
  location: MapLocation | null;
  zoom: number;
  measurePoints: readonly [number, number][];
  onLocationSelect: ((location: MapLocation) => void) | undefined;
}

/** The map's layers; each overlay's only while it is on and has data. */
export function WeatherMapLayers({
  overlays: o,
  mapLoaded,
  placeLayer,
  location,
  zoom,
  measurePoints,
  onLocationSelect,
}: WeatherMapLayersProps) {
  const opacity = useMapStore((s) => s.opacity);
  return (
    <>
      <Layer
        id={RADAR_ANCHOR_LAYER}
        type="background"
        beforeId={placeLayer}
        paint={{ 'background-opacity': 0 }}
      />
      {mapLoaded && o.radarShown && (
        <RadarLayers
          type={o.radar.frameType}
          frames={o.radar.frames}
          shownIndex={o.radar.shownIndex}
          wantedIndex={o.radar.wantedIndex}
          filled={o.radar.filled}
          opacity={opacity}
        />
      )}
      {o.spaghetti && <ProductLayer product={o.spaghetti.product} url={o.spaghetti.url} />}
      {o.surface && <ProductLayer product={o.surface.product} url={o.surface.url} />}
      {o.roads && <ProductLayer product={o.roads.product} url={o.roads.url} />}
      {o.alerts && <NwsAlertsLayer data={o.alerts} />}
      {o.tropical && <TropicalLayer items={o.tropical} />}
      {o.storms && <StormCellsLayer data={o.storms} />}
      {location && <LocationLayer location={location} zoom={zoom} />}
      {o.strikes && <LightningLayer data={o.strikes} />}
      {o.locationsToMark.length > 0 && (
        <SavedLocationsLayer locations={o.locationsToMark} onSelect={onLocationSelect} />
      )}
      {measurePoints.length > 0 && <MeasureLayer points={measurePoints} />}
    </>
  );
}
