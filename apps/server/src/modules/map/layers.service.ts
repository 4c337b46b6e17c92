// The map's data overlays other than lightning and radar: storm cells, tropical forecast, NWS
// alerts, and the products behind `url?product=` (road conditions, surface analysis, tropical
// models), each presented in the shapes of packages/contracts/src/map.ts.
import type {
  BBox,
  FrontType,
  StormVector,
  TropicalSystem,
  WeatherAlert,
  WeatherProviders,
} from '@allclear/weather';
import {
  ROAD_CONDITION_COLORS,
  type TMapUrlProduct,
  type TNwsAlertProperties,
  type TNwsAlertsResponse,
  type TStormVectorsResponse,
  type TTropicalForecastItem,
} from '@allclear/contracts';

const WORLD: BBox = { west: -180, south: -90, east: 180, north: 90 };

/** Storm vector as the feature of spec 01 §3 (Speed in m/s; the web converts to mph). */
export function presentStormVector(v: StormVector): TStormVectorsResponse['features'][number] {
  return {
    type: 'Feature',
    id: v.id,
    geometry: { type: 'Point', coordinates: [v.longitude, v.latitude] },
    properties: {
      Id: v.id,
      IssueTime: v.observedAt.toISOString(),
      Type: 'Storm Cell',
      Flags: { Tvs: v.tvs, Meso: v.meso, SevereHail: v.severeHail, Hail: v.hail },
      Movement: {
        Speed: { value: v.speedMs, units: 'm/s' },
        Heading: { value: v.headingDeg, units: 'degrees' },
      },
      Height: { value: v.heightFt, units: 'ft' },
      MaxReflectivity: { value: v.maxReflectivityDbz, units: 'dBZ' },
      Hail: {
        Chance: { value: v.hailChancePct, units: '%' },
        ChanceOfSevere: { value: v.severeHailChancePct, units: '%' },
      },
      Top: { value: v.topsFt, units: 'ft' },
      Vil: { value: v.vilKgM2, units: 'kg/m²' },
    },
  };
}

/** Tropical system as the forecast item of spec 01 §3 (winds in m/s; the web converts to mph). */
export function presentTropical(s: TropicalSystem): TTropicalForecastItem {
  return {
    id: s.id,
    name: s.name,
    type: s.category,
    pressure: { value: s.pressureHpa, units: 'hPa' },
    movement: {
      speed: { value: s.movement.speedMs, units: 'm/s' },
      heading: { value: s.movement.headingDeg, units: 'degrees' },
    },
    issueTime: s.issuedAt.toISOString(),
    coordinates: [s.longitude, s.latitude],
    conePolygon: s.cone,
    points: s.track.map((p) => ({
      coordinates: [p.longitude, p.latitude],
      time: p.time.toISOString(),
      category: p.category,
      wind: {
        maxSustained: { value: p.maxSustainedMs, units: 'm/s' },
        gust: { value: p.gustMs, units: 'm/s' },
      },
    })),
  };
}

/** NWS hazard-map colours by event name, then by kind. */
const EVENT_COLORS: Record<string, string> = {
  'Tornado Warning': '#FF0000',
  'Severe Thunderstorm Warning': '#FFA500',
  'Flash Flood Warning': '#8B0000',
  'Flood Warning': '#00FF00',
  'Excessive Heat Warning': '#C71585',
  'Extreme Heat Warning': '#C71585',
  'Heat Advisory': '#FF7F50',
  'Winter Storm Warning': '#FF69B4',
  'Wind Advisory': '#D2B48C',
  'Air Quality Alert': '#808080',
};
const KIND_COLORS: Record<WeatherAlert['kind'], string> = {
  tornado: '#FF0000',
  'severe-thunderstorm': '#FFA500',
  flood: '#00FF00',
  heat: '#FF7F50',
  winter: '#FF69B4',
  wind: '#D2B48C',
  'air-quality': '#808080',
  other: '#C0C0C0',
};

/** The colour an alert is drawn with. */
export function alertColor(alert: Pick<WeatherAlert, 'event' | 'kind'>): string {
  return EVENT_COLORS[alert.event] ?? KIND_COLORS[alert.kind];
}

function presentAlert(a: WeatherAlert): TNwsAlertsResponse['features'][number] {
  const properties: TNwsAlertProperties = {
    Identifier: a.id,
    Event: a.event,
    Headline: a.headline,
    Description: a.description,
    Instruction: a.instruction,
    Severity: a.severity,
    Color: alertColor(a),
    AreaDesc: a.areaDesc,
    Onset: a.onset.toISOString(),
    Expires: a.expires.toISOString(),
  };
  return { type: 'Feature', id: a.id, geometry: a.polygon, properties };
}

const FRONT_COLORS: Record<FrontType, string> = {
  cold: '#1e5bff',
  warm: '#ff2a2a',
  stationary: '#9c27b0',
  occluded: '#7b1fa2',
};

/** Tropical models drawn in the spaghetti plot, each with its colour. */
const SPAGHETTI_MODELS: [string, string][] = [
  ['OFCL', '#ffffff'],
  ['GFS', '#e53935'],
  ['ECMWF', '#1e88e5'],
  ['UKMET', '#43a047'],
  ['CMC', '#fdd835'],
  ['HWRF', '#8e24aa'],
  ['HMON', '#fb8c00'],
  ['TVCN', '#00acc1'],
];

export class LayerService {
  constructor(private readonly providers: WeatherProviders) {}

  async stormVectors(at: Date, bbox?: BBox): Promise<TStormVectorsResponse> {
    const vectors = await this.providers.stormCells.vectors(at, bbox);
    return { type: 'FeatureCollection', features: vectors.map(presentStormVector) };
  }

  async tropical(at: Date): Promise<TTropicalForecastItem[]> {
    return (await this.providers.tropical.active(at)).map(presentTropical);
  }

  /** NWS alerts in force at `at` whose area contains the point. */
  async alertsByPoint(latitude: number, longitude: number, at: Date): Promise<TNwsAlertsResponse> {
    const alerts = await this.providers.alerts.alertsForPoint({ latitude, longitude }, at);
    return { type: 'FeatureCollection', features: alerts.map(presentAlert) };
  }

  /** Every NWS alert in force at `at` (inside bbox when given). */
  async activeAlerts(at: Date, bbox?: BBox): Promise<TNwsAlertsResponse> {
    const alerts = await this.providers.alerts.activeAlerts(at, bbox);
    return { type: 'FeatureCollection', features: alerts.map(presentAlert) };
  }

  /** The GeoJSON of a `url?product=` product at `at`. */
  async product(product: TMapUrlProduct, at: Date): Promise<GeoJSON.FeatureCollection> {
    switch (product) {
      case 'road-condition':
      case 'road-condition-current-hires': {
        const segments = await this.providers.roads.conditions(WORLD, at);
        return {
          type: 'FeatureCollection',
          features: segments.map((s) => ({
            type: 'Feature',
            id: s.id,
            geometry: { type: 'LineString', coordinates: s.coordinates },
            properties: {
              Id: s.id,
              Name: s.name,
              Condition: s.condition,
              Color: ROAD_CONDITION_COLORS[s.condition],
            },
          })),
        };
      }
      case 'surface-analysis': {
        const analysis = await this.providers.surface.analysis(at);
        return {
          type: 'FeatureCollection',
          features: [
            ...analysis.fronts.map((f) => ({
              type: 'Feature' as const,
              geometry: { type: 'LineString' as const, coordinates: f.coordinates },
              properties: { Kind: 'front', Type: f.type, Color: FRONT_COLORS[f.type], PressureHpa: null },
            })),
            ...analysis.pressureCentres.map((c) => ({
              type: 'Feature' as const,
              geometry: { type: 'Point' as const, coordinates: [c.longitude, c.latitude] },
              properties: {
                Kind: 'pressure-centre',
                Type: c.type,
                Color: c.type === 'H' ? '#1e5bff' : '#ff2a2a',
                PressureHpa: c.pressureHpa,
              },
            })),
          ],
        };
      }
      case 'tropical-spaghetti-plot-us': {
        const systems = await this.providers.tropical.active(at);
        return { type: 'FeatureCollection', features: systems.flatMap(spaghettiTracks) };
      }
    }
  }
}

/**
 * Model tracks around a system's official track: each model drifts to one side with lead time
 * (a deterministic spread, growing like the cone) — the simulator has no ensemble of its own.
 */
function spaghettiTracks(s: TropicalSystem): GeoJSON.Feature[] {
  return SPAGHETTI_MODELS.map(([model, color], m) => {
    const side = m === 0 ? 0 : (m % 2 === 0 ? 1 : -1) * Math.ceil(m / 2) * 0.35;
    const coordinates = s.track.map((p, i) => {
      const lead = i / Math.max(1, s.track.length - 1);
      const heading = ((s.movement.headingDeg + 90) * Math.PI) / 180;
      const offsetDeg = side * lead * lead * 3;
      return [p.longitude + offsetDeg * Math.sin(heading), p.latitude + offsetDeg * Math.cos(heading)];
    });
    return {
      type: 'Feature',
      geometry: { type: 'LineString', coordinates },
      properties: { Model: model, StormName: s.name, Color: color },
    };
  });
}
