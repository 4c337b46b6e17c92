// Provider interfaces: every source of weather data (the simulator or a real feed) is seen by the
// engine and the API only through these shapes. Every value says where it came from (`source`) and
// when it was true (`observedAt`) or issued (`issuedAt`); `stale: true` marks a last good value kept
// while its source is failing, so stale data is visible as stale.

/** A point on the earth, degrees (WGS84). */
export interface LatLon {
  latitude: number;
  longitude: number;
}

/** A latitude/longitude box, degrees. */
export interface BBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** GeoJSON polygon: rings of [longitude, latitude] positions, first ring outer, each ring closed. */
export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: [number, number][][];
}

/** Provenance of an observed value. */
export interface Observed {
  source: string;
  observedAt: Date;
  stale?: boolean;
}

/** Provenance of an issued product (forecast, warning, analysis). */
export interface Issued {
  source: string;
  issuedAt: Date;
  stale?: boolean;
}

// ───────────────────────── lightning ─────────────────────────

/** Strike types of spec 01 §3: 1 Ground General, 2 Ground to Cloud, 3 Cloud to Ground, 4 Cloud Pulse. */
export type StrikeType = 1 | 2 | 3 | 4;

export interface Strike extends Observed {
  id: string;
  time: Date;
  latitude: number;
  longitude: number;
  type: StrikeType;
  /** Peak current, kiloamperes; negative for negative polarity. */
  amperageKa: number;
  /** True for an in-cloud discharge (no ground contact). */
  cloud: boolean;
  /** The storm cell that produced it, when the source knows (the simulator does). */
  cellId?: string;
}

export interface StrikeQuery {
  /** Inclusive start. */
  from: Date;
  /** Exclusive end. */
  to: Date;
  bbox?: BBox;
}

export interface StrikeSource {
  /** Listen for new strikes as the source learns of them; returns the unsubscribe function. */
  subscribe(listener: (strikes: Strike[]) => void): () => void;
  /** Strikes with from <= time < to (and inside bbox when given), oldest first. */
  strikes(query: StrikeQuery): Promise<Strike[]>;
}

// ───────────────────────── observations ─────────────────────────

export interface WeatherStation extends LatLon {
  id: string;
  name: string;
  /** Kind of station, e.g. 'simulated', 'nws', 'customer'. */
  type: string;
}

export interface StationObservation extends Observed {
  stationId: string;
  stationName: string;
  latitude: number;
  longitude: number;
  temperatureC: number;
  relativeHumidityPct: number;
  dewPointC: number;
  windSpeedMs: number;
  windGustMs: number;
  /** Direction the wind blows from, degrees clockwise from north. */
  windDirectionDeg: number;
  /** Station pressure reduced to sea level, hPa. */
  pressureHpa: number;
  /** Global horizontal irradiance, W/m². */
  solarWm2: number;
  /** Rain over the last hour, mm. */
  rainMm: number;
  /** Rain since local midnight, mm. */
  rainTodayMm: number;
  cloudCoverPct: number;
  /** Icon code of spec 01 §9 (see weather-codes.ts). */
  weatherCode: string;
}

export interface ObservationSource {
  stations(): Promise<WeatherStation[]>;
  /** The observation of a station valid at `at` (the latest one not after it), or null if unknown. */
  observe(stationId: string, at: Date): Promise<StationObservation | null>;
}

// ───────────────────────── METAR ─────────────────────────

/**
 * A visibility as reported: `bound` is set for P6SM / M1/4SM / P2000 (more / less than value), and for 9999 and
 * CAVOK (10 km or more: more than 9999 m).
 */
export interface MetarVisibility {
  value: number;
  unit: string;
  bound: 'moreThan' | 'lessThan' | null;
  /** NDV: an automatic station that cannot tell visibility by direction. Absent otherwise. */
  noDirectionalVariation?: true;
}

/** A present or recent weather group, e.g. `-SHRA` → { intensity: '-', descriptor: 'SH', phenomena: ['RA'] }. */
export interface MetarWeather {
  code: string;
  /** '-' light, '+' heavy, 'VC' in the vicinity, null moderate. */
  intensity: '-' | '+' | 'VC' | null;
  descriptor: string | null;
  phenomena: string[];
}

/** A cloud layer; base in feet above ground (null when reported as ///). */
export interface MetarCloud {
  cover: 'FEW' | 'SCT' | 'BKN' | 'OVC' | null;
  baseFt: number | null;
  type: 'CB' | 'TCU' | null;
}

/** Runway visual range, e.g. `R28L/1200V1800FT` → runway 28L, 1200 to 1800 ft. */
export interface MetarRunwayVisualRange {
  runway: string;
  minValue: number;
  minBound: 'moreThan' | 'lessThan' | null;
  /** The upper value of a varying range, null when the range is steady. */
  maxValue: number | null;
  maxBound: 'moreThan' | 'lessThan' | null;
  unit: 'm' | 'ft';
  /** U(p), D(own), N(o change), or not reported. */
  trend: 'U' | 'D' | 'N' | null;
}

/** A group of METAR body conditions; used for the report itself and for each trend. */
export interface MetarConditions {
  /** Null when the wind is variable (VRB) or missing. */
  windDirectionDeg: number | null;
  windSpeed: number | null;
  windGust: number | null;
  windUnit: string | null;
  visibility: MetarVisibility | null;
  cavok: boolean;
  weather: MetarWeather[];
  clouds: MetarCloud[];
  /** SKC, CLR, NSC or NCD when the sky is reported that way. */
  skyCondition: string | null;
  verticalVisibilityFt: number | null;
}

export interface MetarTrend extends MetarConditions {
  kind: 'NOSIG' | 'TEMPO' | 'BECMG';
  /** FMhhmm / TLhhmm / AThhmm, as 'hhmm'. */
  from: string | null;
  until: string | null;
  at: string | null;
  /** NSW: no significant weather any more. */
  noSignificantWeather: boolean;
  unparsed: string[];
}

/** The fields of a METAR, as returned by `parseMetar`; units as reported. */
export interface ParsedMetar extends MetarConditions {
  reportType: 'METAR' | 'SPECI' | null;
  station: string;
  day: number | null;
  hour: number | null;
  minute: number | null;
  auto: boolean;
  correction: boolean;
  /** NIL: the report is missing. */
  nil: boolean;
  windVariableFromDeg: number | null;
  windVariableToDeg: number | null;
  /** Minimum visibilities with their direction (`1000W`), metres. */
  directionalVisibility: { value: number; unit: 'm'; direction: string }[];
  runwayVisualRange: MetarRunwayVisualRange[];
  recentWeather: MetarWeather[];
  temperatureC: number | null;
  dewPointC: number | null;
  altimeter: { value: number; unit: string } | null;
  /** Further pressure groups after the first (some reports give both Q and A). */
  otherAltimeters: { value: number; unit: string }[];
  /** Runways with wind shear ('ALL' for WS ALL RWY). */
  windShear: string[];
  /** Runway state groups (R24/290050, R09/CLRD70), as reported. */
  runwayState: string[];
  /** Groups sent as slashes (not observed): 'wind', 'visibility', 'weather', 'clouds', 'temperature', 'altimeter'. */
  notReported: string[];
  trends: MetarTrend[];
  /** The text after RMK, as reported. */
  remarks: string | null;
  /** Groups before RMK that are not understood, in order: never dropped silently. */
  unparsed: string[];
}

export interface MetarStation extends LatLon {
  id: string;
  name: string;
}

export interface MetarReport extends Observed {
  station: MetarStation;
  raw: string;
  parsed: ParsedMetar;
}

export interface MetarSource {
  /** METAR stations within radiusMiles of a point, nearest first. */
  stationsNear(point: LatLon, radiusMiles: number): Promise<MetarStation[]>;
  /** The latest report of a station issued at or before `at`. */
  latest(stationId: string, at: Date): Promise<MetarReport | null>;
}

// ───────────────────────── forecasts ─────────────────────────

export interface HourlyForecastItem {
  time: Date;
  temperatureC: number;
  dewPointC: number;
  relativeHumidityPct: number;
  windSpeedMs: number;
  windGustMs: number;
  windDirectionDeg: number;
  pressureHpa: number;
  solarWm2: number;
  cloudCoverPct: number;
  /** Liquid-equivalent precipitation over the hour, mm. */
  precipitationMm: number;
  precipitationChancePct: number;
  /** Snow accumulation over the hour, cm. */
  snowCm: number;
  weatherCode: string;
  dayLight: boolean;
}

export interface DailyForecastItem {
  /** Local calendar date, YYYY-MM-DD. */
  date: string;
  /** Start of the local day. */
  time: Date;
  temperatureHighC: number;
  temperatureLowC: number;
  /** Dew point at the time of the high, °C (with the high, gives the afternoon heat index). */
  dewPointAtHighC: number;
  relativeHumidityAtHighPct: number;
  windSpeedMaxMs: number;
  windDirectionDeg: number;
  solarMaxWm2: number;
  precipitationMm: number;
  precipitationChancePct: number;
  snowCm: number;
  weatherCode: string;
}

export interface HourlyForecast extends Issued {
  point: LatLon;
  hours: HourlyForecastItem[];
}

export interface DailyForecast extends Issued {
  point: LatLon;
  days: DailyForecastItem[];
}

export interface ForecastSource {
  /** Hourly forecast from the hour containing issuedAt, at least 72 hours. */
  hourly(point: LatLon, issuedAt: Date, hours?: number): Promise<HourlyForecast>;
  /** Daily forecast from the local day containing issuedAt, at least 7 days. */
  daily(point: LatLon, issuedAt: Date, days?: number): Promise<DailyForecast>;
}

// ───────────────────────── radar ─────────────────────────

export type RadarFrameKind = 'past' | 'future';

export interface RadarFrameRef {
  time: Date;
  kind: RadarFrameKind;
}

export interface RadarFrame extends Observed {
  kind: RadarFrameKind;
  /** For a future frame, the time of the data it extrapolates. */
  issuedAt: Date;
  bbox: BBox;
  width: number;
  height: number;
  /** Reflectivity in dBZ, row-major from the north-west corner; 0 where there is no echo. */
  dbz: Float32Array;
}

export interface RadarFrameOptions {
  width: number;
  height: number;
  /** "Now": frames after it are extrapolated from the cells seen at this time. */
  now: Date;
}

export interface RadarSource {
  /** Frame times: past at 5-minute steps (at least 2 h) up to now, then future (at least 1 h). */
  frameTimes(
    now: Date,
    options?: { pastMinutes?: number; futureMinutes?: number; stepMinutes?: number },
  ): RadarFrameRef[];
  /** Reflectivity at a point and time, dBZ (0 for no echo). */
  reflectivityAt(point: LatLon, time: Date, now?: Date): Promise<number>;
  /** A gridded frame for a bbox. */
  frame(bbox: BBox, time: Date, options: RadarFrameOptions): Promise<RadarFrame>;
}

// ───────────────────────── storm cells ─────────────────────────

export interface StormVector extends Observed {
  id: string;
  latitude: number;
  longitude: number;
  /** Movement speed, m/s (spec converts to mph with 2.236936). */
  speedMs: number;
  /** Direction of movement, degrees clockwise from north. */
  headingDeg: number;
  maxReflectivityDbz: number;
  /** Height of the maximum reflectivity, ft. */
  heightFt: number;
  /** Vertically integrated liquid, kg/m². */
  vilKgM2: number;
  /** Echo tops, ft. */
  topsFt: number;
  hailChancePct: number;
  severeHailChancePct: number;
  hail: boolean;
  severeHail: boolean;
  tvs: boolean;
  meso: boolean;
}

export interface StormCellSource {
  vectors(at: Date, bbox?: BBox): Promise<StormVector[]>;
}

// ───────────────────────── alerts ─────────────────────────

export type AlertSeverity = 'Extreme' | 'Severe' | 'Moderate' | 'Minor' | 'Unknown';

/** What kind of hazard an alert is about; both 'Excessive Heat' and 'Extreme Heat' names are 'heat'. */
export type AlertKind =
  'heat' | 'severe-thunderstorm' | 'tornado' | 'flood' | 'winter' | 'air-quality' | 'wind' | 'other';

export interface WeatherAlert extends Issued {
  id: string;
  event: string;
  kind: AlertKind;
  headline: string;
  description: string;
  instruction: string | null;
  severity: AlertSeverity;
  polygon: PolygonGeometry | null;
  onset: Date;
  expires: Date;
  ends: Date | null;
  areaDesc: string;
  /** UGC zone/county codes, e.g. 'TXZ119', 'TXC113'. */
  zones: string[];
}

export interface AlertSource {
  /** Alerts in force at `at` that apply to the point (polygon containment first, zone second). */
  alertsForPoint(point: LatLon, at: Date): Promise<WeatherAlert[]>;
  /** Every alert in force at `at` (inside bbox when given). */
  activeAlerts(at: Date, bbox?: BBox): Promise<WeatherAlert[]>;
}

// ───────────────────────── air quality ─────────────────────────

export type PollutantName = 'PM2.5' | 'PM10' | 'O3';

export interface PollutantSeries extends Observed {
  pollutant: PollutantName;
  sensorName: string;
  sensorLatitude: number;
  sensorLongitude: number;
  distanceMiles: number;
  /** 'µg/m³' for particles, 'ppb' for ozone. */
  unit: string;
  /** Hourly mean concentrations, oldest first, the last one ending at observedAt. */
  hourly: { time: Date; value: number }[];
}

export interface AirQualitySource {
  /** For each pollutant, the nearest sensor's last 24 hourly concentrations. */
  near(point: LatLon, at: Date): Promise<PollutantSeries[]>;
}

// ───────────────────────── tropical ─────────────────────────

/** 'TD', 'TS', or 'H1'..'H5' (Saffir–Simpson). */
export type TropicalCategory = 'TD' | 'TS' | 'H1' | 'H2' | 'H3' | 'H4' | 'H5';

export interface TropicalTrackPoint extends LatLon {
  time: Date;
  maxSustainedMs: number;
  gustMs: number;
  category: TropicalCategory;
}

export interface TropicalSystem extends Issued {
  id: string;
  name: string;
  category: TropicalCategory;
  pressureHpa: number;
  movement: { speedMs: number; headingDeg: number };
  latitude: number;
  longitude: number;
  cone: PolygonGeometry;
  track: TropicalTrackPoint[];
}

export interface TropicalSource {
  active(at: Date): Promise<TropicalSystem[]>;
}

// ───────────────────────── roads, surface, sky ─────────────────────────

export type RoadCondition = 'dry' | 'wet' | 'standing-water' | 'icy' | 'snow-covered';

export interface RoadSegment extends Observed {
  id: string;
  name: string;
  /** Polyline of [longitude, latitude]. */
  coordinates: [number, number][];
  condition: RoadCondition;
}

export interface RoadConditionSource {
  /** Conditions at `at` (a time after now is a forecast). */
  conditions(bbox: BBox, at: Date): Promise<RoadSegment[]>;
}

export type FrontType = 'cold' | 'warm' | 'stationary' | 'occluded';

export interface SurfaceAnalysis extends Issued {
  fronts: { type: FrontType; coordinates: [number, number][] }[];
  pressureCentres: { type: 'H' | 'L'; latitude: number; longitude: number; pressureHpa: number }[];
}

export interface SurfaceAnalysisSource {
  analysis(at: Date): Promise<SurfaceAnalysis>;
}

export interface SkyImage extends Observed {
  stationId: string;
  contentType: 'image/svg+xml' | 'image/png';
  bytes: Uint8Array;
}

export interface SkyImageSource {
  image(stationId: string, at: Date): Promise<SkyImage | null>;
  /**
   * When the image `image(stationId, at)` gives was taken (its `observedAt`), without making it; null without that
   * camera. A poll of 'has the image changed' must not pay for drawing and encoding a picture.
   */
  takenAt(stationId: string, at: Date): Promise<Date | null>;
}

// ───────────────────────── the aggregate ─────────────────────────

/** Every weather source the product uses, one per concern. */
export interface WeatherProviders {
  strikes: StrikeSource;
  observations: ObservationSource;
  metar: MetarSource;
  forecast: ForecastSource;
  radar: RadarSource;
  stormCells: StormCellSource;
  alerts: AlertSource;
  airQuality: AirQualitySource;
  tropical: TropicalSource;
  roads: RoadConditionSource;
  surface: SurfaceAnalysisSource;
  skyImages: SkyImageSource;
}

/** Minimal structured logger the adapters write to (pino-compatible). */
export interface WeatherLogger {
  warn(data: object, message: string): void;
  info(data: object, message: string): void;
}
