// The overlays the Layers menu turned on (spec 01 §2 'Map', §4 'Map overlays') and the data each one shows, fetched
// only while it is on with the spec's polling: radar loop, lightning in the settled viewport, storm cells, NWS
// alerts, tropical forecast, the product images (road conditions, surface analysis, tropical models) and the saved
// locations when 'Show all locations' is on.
import { effectiveRadarType, type MapOverlay } from '@allclear/domain';
import type { MapInstance } from './maplibre.ts';
import { useMapStore } from './map-store.ts';
import { useRadarOverlay, type RadarOverlay } from './use-radar-overlay.ts';
import { useClusterStrikes, type StrikeViewport } from './api/get-cluster-strikes.ts';
import { useStormVectors } from './api/get-storm-vectors.ts';
import { useNwsAlerts } from './api/get-nws-alerts.ts';
import { useTropicalForecast } from './api/get-tropical-forecast.ts';
import { useProductUrl } from './api/get-product-url.ts';
import { useMapLocations } from './api/get-map-locations.ts';

/** A point: where the radar coverage rule is judged. */
interface LatLon {
  latitude: number;
  longitude: number;
}

/** What the overlays show now; each datum is undefined while its overlay is off or loading. */
export function useMapOverlays(
  map: MapInstance | null,
  coveragePoint: LatLon,
  strikeView: StrikeViewport | null,
) {
  const overlays = useMapStore((s) => s.overlays);
  const radarStyle = useMapStore((s) => s.radarStyle);
  const showAllLocations = useMapStore((s) => s.showAllLocations);

  const on = (o: MapOverlay) => overlays.includes(o);
  // Road conditions are a radar type (future-road-conditions): they show the radar loop too.
  const roadView = on('roadConditions');
  const radarShown = on('radar') || roadView;
  const radarType = effectiveRadarType(radarStyle, coveragePoint.latitude, coveragePoint.longitude, roadView);
  const radar: RadarOverlay = useRadarOverlay(map, radarType, radarShown);

  const strikes = useClusterStrikes(strikeView, on('lightning'));
  const storms = useStormVectors(on('stormCells'));
  const alerts = useNwsAlerts(on('nwsAlerts'));
  const tropical = useTropicalForecast(on('tropicalForecast'));
  const surface = useProductUrl('surface-analysis', on('surfaceAnalysis'));
  const spaghetti = useProductUrl('tropical-spaghetti-plot-us', on('tropicalModels'));
  const roads = useProductUrl('road-condition', roadView);
  const savedLocations = useMapLocations();

  return {
    on,
    roadView,
    radarShown,
    radar,
    strikes: on('lightning') ? strikes.data : undefined,
    storms: on('stormCells') ? storms.data : undefined,
    alerts: on('nwsAlerts') ? alerts.data : undefined,
    tropical: on('tropicalForecast') ? tropical.data : undefined,
    surface: on('surfaceAnalysis') ? surface.data : undefined,
    spaghetti: on('tropicalModels') ? spaghetti.data : undefined,
    roads: roadView ? roads.data : undefined,
    locationsToMark: showAllLocations ? (savedLocations.data ?? []) : [],
  };
}

export type MapOverlays = ReturnType<typeof useMapOverlays>;
