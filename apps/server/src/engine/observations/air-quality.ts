// AQI values of a pollutant series (EPA NowCast and AQI equations from @allclear/domain): the NowCast index,
// and the 1-, 8- and 24-hour indices. Ozone comes in ppb and EPA's breakpoints are in ppm.
import { AQI_SENSOR_REACH_MILES, aqiFromConcentration, nowcast } from '@allclear/domain';
import type { PollutantName, PollutantSeries } from '@allclear/weather';

export interface PollutantIndices {
  pollutant: PollutantName;
  sensorName: string;
  distanceMiles: number;
  unit: string;
  /** Latest hourly concentration in the series' unit, null without data. */
  latest: number | null;
  time: Date;
  nowCastAqi: number | null;
  oneHourAqi: number | null;
  eightHourAqi: number | null;
  twentyFourHourAqi: number | null;
}

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** AQI indices of one pollutant's hourly series (PM µg/m³; O3 ppb converted to ppm), EPA TAD 2024 and NowCast. */
export function pollutantIndices(series: PollutantSeries): PollutantIndices {
  const newestFirst = series.hourly.map((h) => h.value).reverse();
  const latest = newestFirst[0] ?? null;
  const last8 = mean(newestFirst.slice(0, 8));
  const last24 = newestFirst.length >= 24 ? mean(newestFirst.slice(0, 24)) : null;
  let nowCastAqi: number | null;
  let oneHourAqi: number | null;
  let eightHourAqi: number | null;
  let twentyFourHourAqi: number | null;
  if (series.pollutant === 'O3') {
    const ppm = (ppb: number | null) => (ppb === null ? null : ppb / 1000);
    const l = ppm(latest);
    const e = ppm(last8);
    oneHourAqi = l === null ? null : aqiFromConcentration('O3', l, '1h');
    eightHourAqi = e === null ? null : aqiFromConcentration('O3', e, '8h');
    twentyFourHourAqi = null;
    // EPA reports ozone by its 8-hour index, the 1-hour one only where the 8-hour table ends.
    nowCastAqi = eightHourAqi ?? oneHourAqi;
  } else {
    const p = series.pollutant;
    oneHourAqi = latest === null ? null : aqiFromConcentration(p, latest, '24h');
    eightHourAqi = last8 === null ? null : aqiFromConcentration(p, last8, '24h');
    twentyFourHourAqi = last24 === null ? null : aqiFromConcentration(p, last24, '24h');
    nowCastAqi = nowcast(p, newestFirst)?.aqi ?? null;
  }
  return {
    pollutant: series.pollutant,
    sensorName: series.sensorName,
    distanceMiles: series.distanceMiles,
    unit: series.unit,
    latest,
    time: series.observedAt,
    nowCastAqi,
    oneHourAqi,
    eightHourAqi,
    twentyFourHourAqi,
  };
}

/** Current AQI per pollutant and the highest, from sensors within 10 miles only (spec 01 §9). */
export function policyAqi(indices: readonly PollutantIndices[]): {
  max: number | null;
  pm25: number | null;
  pm10: number | null;
  o3: number | null;
} {
  const inReach = indices.filter((i) => i.distanceMiles <= AQI_SENSOR_REACH_MILES);
  const of = (p: PollutantName) => inReach.find((i) => i.pollutant === p)?.nowCastAqi ?? null;
  const pm25 = of('PM2.5');
  const pm10 = of('PM10');
  const o3 = of('O3');
  const present = [pm25, pm10, o3].filter((v): v is number => v !== null);
  return { max: present.length > 0 ? Math.max(...present) : null, pm25, pm10, o3 };
}
