// Contract-shaped payloads of the dashboard's calls for component tests; each builder parses its result with the
// contract's zod schema, so a test cannot drift from what the server promises.
import {
  ZDailyForecastItem,
  ZHourlyForecastItem,
  ZLightningLocationStatus,
  ZObservationForLocation,
  ZObservationHistoryPoint,
  ZPolicyWarning,
  ZPollutant,
  ZThreatForecastItem,
  type TDailyForecastItem,
  type THourlyForecastItem,
  type TLightningLocationStatus,
  type TObservationForLocation,
  type TObservationHistoryPoint,
  type TPolicyWarning,
  type TPollutant,
  type TThreatForecastItem,
} from '@allclear/contracts';

const m = (value: number | null, unit: string) => ({ value, unit });

/** An hour of forecast starting at `start`; overrides replace whole measures. */
export function hourlyItem(start: string, overrides: Partial<THourlyForecastItem> = {}): THourlyForecastItem {
  return ZHourlyForecastItem.parse({
    observationTime: start,
    forecastStartTime: start,
    weatherCode: { value: '0002', text: 'Clear' },
    ambientTemperature: m(88, '°F'),
    feelsLike: m(92, '°F'),
    wbgt: m(84.26, '°F'),
    windSpeed: m(9, 'mph'),
    windGust: m(15, 'mph'),
    windDirection: 'SSW',
    precipitation: m(0.126, 'in'),
    precipitationChance: m(20, '%'),
    snowAccumulation: m(0, 'in'),
    dayLight: true,
    ...overrides,
  });
}

/** `count` hours from `start`, one per hour. */
export function hourlySeries(
  start: string,
  count: number,
  overrides: (i: number) => Partial<THourlyForecastItem> = () => ({}),
) {
  const t0 = Date.parse(start);
  return Array.from({ length: count }, (_, i) =>
    hourlyItem(new Date(t0 + i * 3_600_000).toISOString(), overrides(i)),
  );
}

/** A day of forecast starting at `start`. */
export function dailyItem(start: string, overrides: Partial<TDailyForecastItem> = {}): TDailyForecastItem {
  return ZDailyForecastItem.parse({
    observationTime: start,
    weather_code: { value: '0003', text: 'Partly Cloudy' },
    temperatureHigh: m(95, '°F'),
    temperatureLow: m(74, '°F'),
    feelLike: m(99, '°F'),
    wgbt: m(86.04, '°F'),
    windSpeed: m(12, 'mph'),
    windDirection: 'S',
    precipitation: m(0.5, 'in'),
    precipitationChance: m(40, '%'),
    snowAccumulation: m(0, 'in'),
    ...overrides,
  });
}

/** Seven days from `start`. */
export function dailySeries(
  start: string,
  overrides: (i: number) => Partial<TDailyForecastItem> = () => ({}),
) {
  const t0 = Date.parse(start);
  return Array.from({ length: 7 }, (_, i) =>
    dailyItem(new Date(t0 + i * 86_400_000).toISOString(), overrides(i)),
  );
}

/** Current conditions of a location with a station of `stationType`. */
export function observationFor(
  overrides: Partial<TObservationForLocation> = {},
  stationType = 1,
): TObservationForLocation {
  return ZObservationForLocation.parse({
    data: {
      ambientTemperature: m(91.4, '°F'),
      feelLike: m(97, '°F'),
      precipitation: m(0, 'in'),
      wgbt: m(85, '°F'),
      windSpeed: m(8, 'mph'),
      windGust: m(14, 'mph'),
      windDirection: 'NNE',
      weather_code: { value: '0002', text: 'Clear' },
      observationTime: '2026-07-15T19:00:00.000Z',
      relativeHumidity: m(45, '%'),
      dewPoint: m(67, '°F'),
      pressure: m(29.9, 'inHg'),
      solarRadiation: m(800, 'W/m²'),
      wbgtIsEstimate: false,
      source: 'station',
    },
    weatherStation: {
      id: 7,
      name: 'AT&T Stadium Station',
      type: stationType,
      imageUrl: '/api/Hardware/WeatherStation/Image/7',
    },
    metarStation: { name: 'KGPM Grand Prairie' },
    canViewHistorical: true,
    calibratedData: { rainToday: m(0.12, 'in'), rainUpdatedTime: '2026-07-15T18:55:00.000Z' },
    airQuality: { pM2_5: null },
    ...overrides,
  });
}

/** A timeline point. */
export function historyPoint(
  date: string,
  wbgt: number | null,
  wind = 8,
  temperature = 90,
): TObservationHistoryPoint {
  return ZObservationHistoryPoint.parse({
    date,
    avgAmbientTemperature: temperature,
    maxWindSpeed: wind,
    maxWetBulbGlobalTemp: wbgt,
  });
}

/** Lightning status with the given zones' remaining seconds (zones 1..n, radii 8, 15, 25, 40). */
export function lightningStatus(remaining: number[], allClearMinutes = 30): TLightningLocationStatus {
  const radii = [8, 15, 25, 40];
  return ZLightningLocationStatus.parse({
    locationId: 1,
    inDelay: remaining.some((s) => s > 0),
    allClearMinutes,
    policyLocked: false,
    countCloudToGroundOnly: false,
    zones: remaining.map((s, i) => ({
      zone: i + 1,
      radius: radii[i],
      enabled: true,
      inDelay: s > 0,
      remainingSeconds: s,
      delay: '00:00:00',
      lastStrikeTime: s > 0 ? '2026-07-15T18:59:00.000Z' : null,
      lastStrikeDistanceMiles: s > 0 ? 6.2 : null,
      allClearTime: null,
    })),
    lastStrike: null,
    nearestStrike: remaining.some((s) => s > 0)
      ? { time: '2026-07-15T18:59:00.000Z', distanceMiles: 6.24, bearingDeg: 45 }
      : null,
    checkedAt: '2026-07-15T19:00:00.000Z',
  });
}

/** An active policy warning. */
export function policyWarning(overrides: Partial<TPolicyWarning> = {}): TPolicyWarning {
  return ZPolicyWarning.parse({
    id: 1,
    policyId: 11,
    policyTypeShortName: 'WBGT',
    policyName: 'WBGT',
    policyDisplayName: 'WBGT',
    thresholdValue: 85,
    isDesc: false,
    unit: '°F',
    precision: 1,
    value: 86.34,
    startedTime: '2026-07-15T18:00:00.000Z',
    lastAlertTime: '2026-07-15T18:30:00.000Z',
    lastUpdateTime: '2026-07-15T18:55:00.000Z',
    message: 'WBGT is at or above 85 °F',
    allClearMinutes: 30,
    allClearTime: null,
    ...overrides,
  });
}

/** A threat forecast item. */
export function threatItem(overrides: Partial<TThreatForecastItem> = {}): TThreatForecastItem {
  return ZThreatForecastItem.parse({
    threatType: 'WBGT',
    displayName: 'WBGT',
    threatLevel: 0,
    threshold: 85,
    unit: '°F',
    isDesc: false,
    peakValue: 82.1,
    threatTimes: [],
    ...overrides,
  });
}

/** A pollutant reading. */
export function pollutant(name: 'PM2.5' | 'PM10' | 'O3', nowCast: number | null, main = false): TPollutant {
  const index = (value: number | null) => ({
    value,
    color: '#00e400',
    shortDescription: value === null ? null : 'Good',
  });
  return ZPollutant.parse({
    pollutantName: name,
    sourceName: 'Arlington Entertainment District',
    distanceInMiles: 1.23,
    isMainPollutant: main,
    concentration: m(8, 'µg/m³'),
    aqiData: {
      nowCastIndex: index(nowCast),
      oneHourIndex: index(30),
      eightHourIndex: index(28),
      twentyFourHourIndex: index(25),
    },
    utcTimeStamp: new Date(Date.now() - 5 * 60_000).toISOString(),
  });
}

/** A response the stub serves as a server failure. */
export const serverError = {
  status: 500,
  body: { responseException: { message: 'Internal error', errors: {} } },
};
