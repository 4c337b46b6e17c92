// Contracts of the map service at /map (spec 01 §7 'Map service', 'Radar frames and viewport
// data'; spec 01 §3 storm vector, strike and tropical properties). GeoJSON calls answer a bare
// FeatureCollection (`application/geo+json`); JSON calls answer the `{ data }` envelope.
import { z } from 'zod';

// ───────────────────────── constants shared by server and web ─────────────────────────

/** Radar types of spec 01 §3, in the order the radar-type picker offers them. */
export const RADAR_TYPES = [
  'past',
  'future',
  'extended',
  'current-road-conditions',
  'future-road-conditions',
] as const;
export const ZRadarType = z.enum(RADAR_TYPES);
export type TRadarType = z.infer<typeof ZRadarType>;

/** Image side cap of spec 01 §9 ('Image size cap 3000 px'); a larger request is answered at 400. */
export const MAP_IMAGE_MAX_PX = 3000;
/** Size used when a requested image side is above MAP_IMAGE_MAX_PX. */
export const MAP_IMAGE_FALLBACK_PX = 400;
/** Strike clustering of spec 01 §9: radius 50, clusters up to zoom 8. */
export const STRIKE_CLUSTER_RADIUS = 50;
export const STRIKE_CLUSTER_MAX_ZOOM = 8;
/** Strikes the map shows: the last 30 minutes (legend buckets 0-5, 5-15, 15-30 min). */
export const STRIKE_WINDOW_MINUTES = 30;
/** Radar frame step, minutes. */
export const RADAR_STEP_MINUTES = 5;
/** Base-map styles served at /map/style/{name}.json. */
export const MAP_STYLE_NAMES = ['dark', 'light', 'satellite'] as const;
export const ZMapStyleName = z.enum(MAP_STYLE_NAMES);
export type TMapStyleName = z.infer<typeof ZMapStyleName>;
/** Products of `GET /map/url?product=` (spec 01 §7). */
export const MAP_URL_PRODUCTS = [
  'road-condition-current-hires',
  'road-condition',
  'surface-analysis',
  'tropical-spaghetti-plot-us',
] as const;
export const ZMapUrlProduct = z.enum(MAP_URL_PRODUCTS);
export type TMapUrlProduct = z.infer<typeof ZMapUrlProduct>;

// ───────────────────────── GeoJSON building blocks ─────────────────────────

/** [longitude, latitude], degrees. */
export const ZPosition = z.tuple([z.number(), z.number()]);
export const ZPointGeometry = z.object({ type: z.literal('Point'), coordinates: ZPosition });
export const ZLineStringGeometry = z.object({
  type: z.literal('LineString'),
  coordinates: z.array(ZPosition),
});
export const ZPolygonGeometry = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(ZPosition)),
});
export type TPolygonGeometry = z.infer<typeof ZPolygonGeometry>;

/** A GeoJSON FeatureCollection whose features have the given geometry and properties. */
export function featureCollection<G extends z.ZodType, P extends z.ZodType>(geometry: G, properties: P) {
  return z.object({
    type: z.literal('FeatureCollection'),
    features: z.array(
      z.object({
        type: z.literal('Feature'),
        id: z.union([z.string(), z.number()]).optional(),
        geometry,
        properties,
      }),
    ),
  });
}

/** A measured value with its units (spec 01 §3 'value and units each'). */
export const ZMapMeasure = z.object({ value: z.number(), units: z.string() });
export type TMapMeasure = z.infer<typeof ZMapMeasure>;

// ───────────────────────── viewport query ─────────────────────────

/** Viewport bounds in degrees (the web rounds to 4 decimals and expands by 120 %). */
export const ZViewportQuery = z.object({
  top: z.coerce.number().min(-90).max(90),
  bottom: z.coerce.number().min(-90).max(90),
  left: z.coerce.number().min(-540).max(540),
  right: z.coerce.number().min(-540).max(540),
});

/** `GET /map/ClusterStrikes?top&right&left&bottom&zoom&nonClusterLevel=8`. */
export const ZClusterStrikesQuery = ZViewportQuery.extend({
  zoom: z.coerce.number().min(0).max(24),
  /** Zoom above which single strikes are returned instead of clusters (default 8). */
  nonClusterLevel: z.coerce.number().int().min(0).max(24).default(STRIKE_CLUSTER_MAX_ZOOM),
});
export type TClusterStrikesQuery = z.infer<typeof ZClusterStrikesQuery>;

/** `GET /map/Strikes?top&right&left&bottom` (bounds optional: all recent strikes). */
export const ZStrikesQuery = ZViewportQuery.partial();

/** A viewport that may be left out (storm vectors, NWS alerts): the whole world then. */
export const ZOptionalViewportQuery = ZViewportQuery.partial();

// ───────────────────────── lightning ─────────────────────────

/** Strike types of spec 01 §3: 1 Ground General, 2 Ground to Cloud, 3 Cloud to Ground, 4 Cloud Pulse. */
export const ZStrikeType = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** Properties of a single strike (spec 01 §3 'Lightning strike properties'). */
export const ZStrikeProperties = z.object({
  cluster: z.literal(false),
  Id: z.string(),
  /** Peak current, kA (negative for negative polarity). */
  Amp: z.number(),
  type: ZStrikeType,
  /** ISO 8601 UTC time of the strike. */
  TimeStamp: z.string(),
  /** Seconds since the strike (age bands: < 300 red, < 900 yellow, < 1800 green). */
  Age: z.number().int(),
});
export type TStrikeProperties = z.infer<typeof ZStrikeProperties>;

/** Properties of a cluster: Count strikes, Age = seconds since the newest of them. */
export const ZStrikeClusterProperties = z.object({
  cluster: z.literal(true),
  cluster_id: z.number().int(),
  Count: z.number().int().positive(),
  /** Count abbreviated K/M/B (spec 01 §9). */
  CountAbbreviated: z.string(),
  Age: z.number().int(),
  /** Zoom at which the cluster splits into its children (a click on it zooms there). */
  ExpansionZoom: z.number().int(),
});
export type TStrikeClusterProperties = z.infer<typeof ZStrikeClusterProperties>;

export const ZClusterStrikesResponse = featureCollection(
  ZPointGeometry,
  z.discriminatedUnion('cluster', [ZStrikeClusterProperties, ZStrikeProperties]),
);
export type TClusterStrikesResponse = z.infer<typeof ZClusterStrikesResponse>;

export const ZStrikesResponse = featureCollection(ZPointGeometry, ZStrikeProperties);
export type TStrikesResponse = z.infer<typeof ZStrikesResponse>;

// ───────────────────────── storm vectors ─────────────────────────

/** Storm vector feature properties of spec 01 §3. Speed is m/s (the web converts with 2.236936). */
export const ZStormVectorProperties = z.object({
  Id: z.string(),
  /** ISO 8601 UTC. */
  IssueTime: z.string(),
  /** 'Storm Cell'. */
  Type: z.string(),
  Flags: z.object({ Tvs: z.boolean(), Meso: z.boolean(), SevereHail: z.boolean(), Hail: z.boolean() }),
  /** Speed in 'm/s'; Heading in 'degrees' (direction of movement, clockwise from north). */
  Movement: z.object({ Speed: ZMapMeasure, Heading: ZMapMeasure }),
  /** Height of the maximum reflectivity, 'ft'. */
  Height: ZMapMeasure,
  /** 'dBZ'. */
  MaxReflectivity: ZMapMeasure,
  /** Chance and ChanceOfSevere in '%'. */
  Hail: z.object({ Chance: ZMapMeasure, ChanceOfSevere: ZMapMeasure }),
  /** Echo tops, 'ft'. */
  Top: ZMapMeasure,
  /** Vertically integrated liquid, 'kg/m²'. */
  Vil: ZMapMeasure,
});
export type TStormVectorProperties = z.infer<typeof ZStormVectorProperties>;

export const ZStormVectorsResponse = featureCollection(ZPointGeometry, ZStormVectorProperties);
export type TStormVectorsResponse = z.infer<typeof ZStormVectorsResponse>;

// ───────────────────────── tropical ─────────────────────────

/** A forecast point of a tropical system; winds in 'm/s' (the web converts to mph with 2.236936). */
export const ZTropicalPoint = z.object({
  /** [longitude, latitude]. */
  coordinates: ZPosition,
  /** ISO 8601 UTC. */
  time: z.string(),
  /** 'TD', 'TS', 'H1'..'H5'. */
  category: z.string(),
  wind: z.object({ maxSustained: ZMapMeasure, gust: ZMapMeasure }),
});

/** Tropical forecast item of spec 01 §3. */
export const ZTropicalForecastItem = z.object({
  id: z.string(),
  name: z.string(),
  /** Category: 'TD', 'TS', 'H1'..'H5'. */
  type: z.string(),
  /** 'hPa'. */
  pressure: ZMapMeasure,
  /** Speed 'm/s', heading 'degrees'. */
  movement: z.object({ speed: ZMapMeasure, heading: ZMapMeasure }),
  issueTime: z.string(),
  /** [longitude, latitude] of the centre now. */
  coordinates: ZPosition,
  conePolygon: ZPolygonGeometry,
  points: z.array(ZTropicalPoint),
});
export type TTropicalForecastItem = z.infer<typeof ZTropicalForecastItem>;
export const ZTropicalForecast = z.array(ZTropicalForecastItem);
export const ZTropicalForecastResponse = z.object({ data: ZTropicalForecast });

// ───────────────────────── NWS alerts ─────────────────────────

/** `POST /map/Alerts/ByPoint?latitude&longitude`. */
export const ZAlertsByPointQuery = z.object({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
});

/** NWS advisory properties (spec 01 §3: Event, Identifier, Headline, Description, Color). */
export const ZNwsAlertProperties = z.object({
  Identifier: z.string(),
  Event: z.string(),
  Headline: z.string(),
  Description: z.string(),
  Instruction: z.string().nullable(),
  Severity: z.string(),
  /** CSS colour of the event (NWS hazard map colours). */
  Color: z.string(),
  AreaDesc: z.string(),
  Onset: z.string(),
  Expires: z.string(),
});
export type TNwsAlertProperties = z.infer<typeof ZNwsAlertProperties>;
/** Alerts with a polygon have it as geometry; zone-based alerts have geometry null. */
export const ZNwsAlertsResponse = featureCollection(ZPolygonGeometry.nullable(), ZNwsAlertProperties);
export type TNwsAlertsResponse = z.infer<typeof ZNwsAlertsResponse>;

// ───────────────────────── product URLs ─────────────────────────

export const ZMapUrlQuery = z.object({
  product: ZMapUrlProduct,
  mask: z.string().default('Standard-Mercator'),
});

/** Where to fetch a product: a GeoJSON URL (layer data) served by /map/products. */
export const ZMapUrl = z.object({
  product: ZMapUrlProduct,
  kind: z.literal('geojson'),
  /** Absolute-path URL, e.g. '/map/products/surface-analysis.geojson?time=...'. Public, cacheable. */
  url: z.string(),
  /** ISO 8601 UTC time of the data. */
  time: z.string(),
});
export const ZMapUrlResponse = z.object({ data: ZMapUrl });
export type TMapUrlResponse = z.infer<typeof ZMapUrlResponse>;

/** Road segment properties in the road-condition GeoJSON. */
export const ZRoadConditionProperties = z.object({
  Id: z.string(),
  Name: z.string(),
  /** 'dry' | 'wet' | 'standing-water' | 'icy' | 'snow-covered'. */
  Condition: z.string(),
  Color: z.string(),
});
/** Surface analysis: fronts (LineString, FrontType) and pressure centres (Point, H/L with hPa). */
export const ZSurfaceAnalysisProperties = z.object({
  Kind: z.enum(['front', 'pressure-centre']),
  /** 'cold' | 'warm' | 'stationary' | 'occluded' for a front; 'H' | 'L' for a centre. */
  Type: z.string(),
  Color: z.string(),
  PressureHpa: z.number().nullable(),
});
/** Tropical spaghetti plot: one LineString per model track. */
export const ZSpaghettiProperties = z.object({ Model: z.string(), StormName: z.string(), Color: z.string() });

// ───────────────────────── radar frames ─────────────────────────

/** `GET /map/{type}?frame&future&product`. */
export const ZRadarFramesQuery = z.object({
  /** Keep at most this many frames (the latest past ones, then the earliest future ones). */
  frame: z.coerce.number().int().min(1).max(200).optional(),
  /** For type past: also list the future frames. */
  future: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  product: z.string().max(100).optional(),
});

export const ZRadarFrame = z.object({
  /** ISO 8601 UTC frame time. */
  time: z.string(),
  kind: z.enum(['past', 'future']),
  /** WMS image URL without bbox/width/height: append `&bbox=minx,miny,maxx,maxy&width=&height=` (EPSG:3857 m). */
  wmsUrl: z.string(),
  /** XYZ tile template for a MapLibre raster source, `{z}/{x}/{y}` as usual (y from the north). */
  tileUrl: z.string(),
});
export type TRadarFrame = z.infer<typeof ZRadarFrame>;

export const ZRadarFrames = z.object({
  type: ZRadarType,
  product: z.string().nullable(),
  isFuture: z.boolean(),
  stepMinutes: z.number().int(),
  /** Latest observed frame time (ISO); frames after it are forecasts. */
  latest: z.string(),
  /** Oldest first. */
  frames: z.array(ZRadarFrame),
  /** Where the images come from: 'simulator' or 'iem'. */
  source: z.string(),
});
export const ZRadarFramesResponse = z.object({ data: ZRadarFrames });
export type TRadarFramesResponse = z.infer<typeof ZRadarFramesResponse>;

/** The query of a public radar or satellite image: its frame time and product. */
export const ZMapImageQuery = z.object({
  time: z.iso.datetime({ offset: true }).optional(),
  future: z.string().max(10).optional(),
  product: z.string().max(100).optional(),
});

/** `GET /map/{type}/WMS?bbox&width&height&time`: bbox is minx,miny,maxx,maxy in EPSG:3857 metres. */
export const ZRadarWmsQuery = ZMapImageQuery.extend({
  bbox: z.string().max(200),
  width: z.coerce.number().int().min(1).max(100_000),
  height: z.coerce.number().int().min(1).max(100_000),
});

/** z/x/y of a tile path; y may end in the extension (`.png`, `.pbf`). */
export const ZTileParams = z.object({ z: z.string(), x: z.string(), y: z.string() });

/** `GET /map/style/{name}` (`dark.json`...). */
export const ZMapStyleParams = z.object({ name: z.string() });

/** `GET /map/products/{file}` (`surface-analysis.geojson`...). */
export const ZMapProductParams = z.object({ file: z.string() });

// ───────────────────────── styles ─────────────────────────

/** Metadata our styles carry (MapLibre style `metadata`). */
export const ZAllClearStyleMetadata = z.object({
  'allclear:name': ZMapStyleName,
  /** Shown in the base-map menu / attribution: 'Simulated satellite' when it is the simulator's imagery. */
  'allclear:label': z.string(),
  'allclear:simulated': z.boolean(),
  /** False when city labels are circle markers without text (no glyphs are served). */
  'allclear:labels': z.boolean(),
});

/** Colours of road conditions, for the road-condition images, GeoJSON and the road-conditions legend. */
export const ROAD_CONDITION_COLORS = {
  dry: '#4caf50',
  wet: '#29b6f6',
  'standing-water': '#1a49c8',
  icy: '#e040fb',
  'snow-covered': '#ffffff',
} as const;
