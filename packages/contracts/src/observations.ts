// Observations, stations and air quality (spec 01 §3 'Observation for a location', 'Observation history point',
// 'Station', 'Pollutant'; spec 02 §3 'Weather station', 'Pollutant reading'; spec 03 §2.7). Field names are the
// spec's own spellings (feelLike, wgbt, weather_code, pM2_5, aqiData.nowCastIndex).
import { z } from 'zod';

/** A measured or derived value with its unit; value null when unknown (shown as '--', spec 01 §8). */
export const ZMeasure = z.object({ value: z.number().nullable(), unit: z.string() });
export type TMeasure = z.infer<typeof ZMeasure>;

/** Where the conditions of a location came from: its own station, the nearest METAR, or the forecast model. */
export const ZObservationSource = z.enum(['station', 'metar', 'model']);
export type TObservationSource = z.infer<typeof ZObservationSource>;

/** Weather code of spec 01 §9 ('0002', '2012', ...) and its text. */
export const ZWeatherCode = z.object({ value: z.string().nullable(), text: z.string().nullable() });
export type TWeatherCode = z.infer<typeof ZWeatherCode>;

/**
 * Current conditions (spec 01 §3 'Observation for a location' → data): temperatures °F, wind mph,
 * precipitation in (last hour), pressure inHg, solar W/m², humidity %. `wbgtIsEstimate` is true when WBGT
 * came from the temperature/humidity estimate (no solar or wind), false for the Liljegren model.
 */
export const ZObservationData = z.object({
  ambientTemperature: ZMeasure,
  feelLike: ZMeasure,
  precipitation: ZMeasure,
  wgbt: ZMeasure,
  windSpeed: ZMeasure,
  windGust: ZMeasure,
  /** Compass text of 16 points ('NNE'), null when unknown. */
  windDirection: z.string().nullable(),
  weather_code: ZWeatherCode,
  /** ISO 8601 UTC. */
  observationTime: z.iso.datetime(),
  relativeHumidity: ZMeasure,
  dewPoint: ZMeasure,
  pressure: ZMeasure,
  solarRadiation: ZMeasure,
  wbgtIsEstimate: z.boolean(),
  source: ZObservationSource,
});
export type TObservationData = z.infer<typeof ZObservationData>;

/** A weather station as the dashboard shows it (spec 01 §3 'Station', spec 02 §3 'Weather station'); type > 0 has a timeline. */
export const ZStation = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  /** Path of the sky image (`/api/Hardware/WeatherStation/Image/{id}`), null without a camera. */
  imageUrl: z.string().nullable(),
});
export type TStation = z.infer<typeof ZStation>;

/** Calibrated station data: rain since local midnight (in) and when it was measured (spec 01 §3). */
export const ZCalibratedData = z.object({
  rainToday: ZMeasure,
  rainUpdatedTime: z.iso.datetime().nullable(),
});
export type TCalibratedData = z.infer<typeof ZCalibratedData>;

/** One AQI index with its category colour and short description (spec 01 §3 'Pollutant' aqiData). */
export const ZAqiIndex = z.object({
  value: z.number().nullable(),
  color: z.string().nullable(),
  shortDescription: z.string().nullable(),
});
export type TAqiIndex = z.infer<typeof ZAqiIndex>;

/** Current conditions' air quality: the PM2.5 nowcast AQI (spec 01 §3), null without a sensor within reach. */
export const ZConditionsAirQuality = z.object({
  pM2_5: z.object({ nowCast: ZAqiIndex }).nullable(),
});
export type TConditionsAirQuality = z.infer<typeof ZConditionsAirQuality>;

/** `GET observations/ForLocation/{id}` (spec 01 §3 'Observation for a location'); data null when nothing is known. */
export const ZObservationForLocation = z.object({
  data: ZObservationData.nullable(),
  weatherStation: ZStation.nullable(),
  metarStation: z.object({ name: z.string() }).nullable(),
  canViewHistorical: z.boolean(),
  calibratedData: ZCalibratedData.nullable(),
  airQuality: ZConditionsAirQuality,
});
export type TObservationForLocation = z.infer<typeof ZObservationForLocation>;

/** One point of the conditions timeline (spec 01 §3 'Observation history point'): °F, mph, °F. */
export const ZObservationHistoryPoint = z.object({
  /** ISO 8601 UTC. */
  date: z.iso.datetime(),
  avgAmbientTemperature: z.number().nullable(),
  maxWindSpeed: z.number().nullable(),
  maxWetBulbGlobalTemp: z.number().nullable(),
});
export type TObservationHistoryPoint = z.infer<typeof ZObservationHistoryPoint>;

/** Longest history a client may ask for, hours (30 days). */
export const MAX_HISTORY_HOURS = 720;

/** `?hours` of `Observations/Historical/{id}`; default 12 (spec 01 §5 'Conditions timeline'). */
export const ZObservationHistoryQuery = z.object({
  hours: z.coerce.number().int().min(1).max(MAX_HISTORY_HOURS).default(12),
});
export type TObservationHistoryQuery = z.infer<typeof ZObservationHistoryQuery>;

/** `?startDate&endDate` (ISO 8601) of `Observations/Historical/Custom/{id}`; endDate after startDate. */
export const ZObservationCustomRangeQuery = z
  .object({ startDate: z.coerce.date(), endDate: z.coerce.date() })
  .refine((q) => q.endDate.getTime() > q.startDate.getTime(), {
    message: 'endDate must be after startDate',
    path: ['endDate'],
  });
export type TObservationCustomRangeQuery = z.infer<typeof ZObservationCustomRangeQuery>;

/** Longest custom range of the station history, days (spec 03 §9). */
export const OBSERVATION_CUSTOM_RANGE_MAX_DAYS = 90;

/** The station history's fixed ranges (spec 03 §2.4 'Hourly, 7 Days, 30 Days'): `Observations/Historical/{range}/{id}`. */
export const STATION_HISTORY_RANGES = ['Day', 'Week', 'Month'] as const;
export const ZStationHistoryParams = z
  .object({ range: z.enum(STATION_HISTORY_RANGES), id: z.coerce.number().int().positive() })
  .strict();
export type TStationHistoryRange = (typeof STATION_HISTORY_RANGES)[number];

/** `GET Hardware/WeatherStation/Data/{id}`: the station's latest observation (spec 02 §3 'Observation'), null before the first. */
export const ZStationData = z.object({
  station: ZStation,
  data: ZObservationData.nullable(),
});
export type TStationData = z.infer<typeof ZStationData>;

/** `GET Hardware/WeatherStation/Image/LastModified/{id}`: when the sky image last changed, null without one. */
export const ZStationImageLastModified = z.object({ lastModified: z.iso.datetime().nullable() });
export type TStationImageLastModified = z.infer<typeof ZStationImageLastModified>;

/** Pollutant names of spec 02 §3 'Pollutant reading'. */
export const ZPollutantName = z.enum(['PM2.5', 'PM10', 'O3']);
export type TPollutantName = z.infer<typeof ZPollutantName>;

/** One pollutant near a location (spec 01 §3 'Pollutant', spec 02 §3 'Pollutant reading'). */
export const ZPollutant = z.object({
  pollutantName: ZPollutantName,
  /** The sensor's name. */
  sourceName: z.string(),
  distanceInMiles: z.number(),
  isMainPollutant: z.boolean(),
  /** Latest hourly concentration, µg/m³ (particles) or ppb (ozone). */
  concentration: ZMeasure,
  aqiData: z.object({
    nowCastIndex: ZAqiIndex,
    oneHourIndex: ZAqiIndex,
    eightHourIndex: ZAqiIndex,
    twentyFourHourIndex: ZAqiIndex,
  }),
  /** ISO 8601 UTC of the latest reading. */
  utcTimeStamp: z.iso.datetime(),
  /**
   * Additive; absent means true. false: this pollutant's nearest monitor stands beyond the 10-mile reach
   * (spec 01 §9), so the location has no reading: concentration and indices are null (the gauge's '--' and
   * 'N/A'), and `sourceName` and `distanceInMiles` name that nearest monitor and how far it is.
   */
  inReach: z.boolean().optional(),
});
export type TPollutant = z.infer<typeof ZPollutant>;

/**
 * `GET AirQuality/Location/{id}`: pollutants, main pollutant first (never one beyond reach); empty without
 * sensors.
 */
export const ZLocationAirQuality = z.array(ZPollutant);
export type TLocationAirQuality = z.infer<typeof ZLocationAirQuality>;

/** One row of the admin Air Quality page (spec 03 §2.7: Name, PM2.5, PM10, Status, Last Activity); AQI values. */
/** A pollutant's latest NowCast AQI on a sensor row; null when it has not reported one. */
const ZSensorNowCast = z.object({ nowcast: z.number().nullable() });

export const ZAirQualitySensorRow = z.object({
  id: z.number().int(),
  name: z.string(),
  customerName: z.string(),
  pM2_5: ZSensorNowCast.nullable(),
  pM10: ZSensorNowCast.nullable(),
  enabled: z.boolean(),
  status: z.enum(['Enabled', 'Disabled']),
  /** ISO 8601 UTC of the sensor's latest reading, null if none. */
  lastActivity: z.iso.datetime().nullable(),
});
export type TAirQualitySensorRow = z.infer<typeof ZAirQualitySensorRow>;

/** An AQI category (EPA): inclusive AQI range (max null for the open-ended top), colour and short description. */
export const ZAirQualityCategory = z.object({
  name: z.string(),
  min: z.number(),
  max: z.number().nullable(),
  color: z.string(),
  shortDescription: z.string(),
});
export type TAirQualityCategory = z.infer<typeof ZAirQualityCategory>;

/** `?latitude&longitude&preferred` of the map's observation mode (`GET observations`, also `POST`): preferred true asks for the nearest customer station, false for the nearest METAR. */
export const ZPointObservationQuery = z.object({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
  preferred: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export type TPointObservationQuery = z.infer<typeof ZPointObservationQuery>;

/** Response of `GET observations` (also `POST`): the observation at the point's station (or METAR), data null when none is in reach. */
export const ZPointObservation = z.object({
  data: ZObservationData.nullable(),
  weatherStation: ZStation.nullable(),
  metarStation: z.object({ name: z.string() }).nullable(),
});
export type TPointObservation = z.infer<typeof ZPointObservation>;
