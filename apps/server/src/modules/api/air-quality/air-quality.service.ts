// Air quality near a location (spec 01 §3 'Pollutant', spec 02 §2.3), the customer's sensors (spec 03 §2.7)
// and the AQI categories; indices by EPA NowCast and AQI equations from @allclear/domain.
import type { TAirQualityCategory, TAirQualitySensorRow, TAqiIndex, TPollutant } from '@allclear/contracts';
import { AQI_CATEGORIES, AQI_SENSOR_REACH_MILES, aqiCategory, type AqiCategoryName } from '@allclear/domain';
import type { ConfiguredWeather } from '@allclear/weather';
import type { Database } from '../../../db/client.ts';
import { pollutantIndices } from '../../../engine/observations/air-quality.ts';
import type { Principal } from '../../../platform/auth.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Prepared } from '../../../platform/route.ts';
import { authorizeAction } from '../../shared/authorize.ts';
import type { VisibleLocation } from '../../shared/location-access.ts';
import { readTags } from '../../shared/read-tags.ts';
import { keep, type ApiReads } from '../../shared/reads.ts';
import { AirQualityRepository } from './air-quality.repository.ts';

/** AirNow's health statement of each AQI category. */
const CATEGORY_DESCRIPTIONS: Record<AqiCategoryName, string> = {
  Good: 'Air quality is satisfactory, and air pollution poses little or no risk.',
  Moderate:
    'Air quality is acceptable. However, there may be a risk for some people, particularly those who are unusually sensitive to air pollution.',
  'Unhealthy for Sensitive Groups':
    'Members of sensitive groups may experience health effects. The general public is less likely to be affected.',
  Unhealthy:
    'Some members of the general public may experience health effects; members of sensitive groups may experience more serious health effects.',
  'Very Unhealthy': 'Health alert: The risk of health effects is increased for everyone.',
  Hazardous: 'Health warning of emergency conditions: everyone is more likely to be affected.',
};

const index = (aqi: number | null): TAqiIndex => {
  const c = aqi === null ? null : aqiCategory(aqi);
  return { value: aqi, color: c?.color ?? null, shortDescription: c?.name ?? null };
};

export class AirQualityService {
  private readonly repo: AirQualityRepository;
  constructor(
    db: Database,
    private readonly clock: Clock,
    private readonly weather: ConfiguredWeather,
    private readonly reads: ApiReads,
  ) {
    this.repo = new AirQualityRepository(db);
  }

  /**
   * `GET AirQuality/Location/{id}`: each pollutant's nearest monitor, the main pollutant (highest NowCast AQI)
   * first. A monitor beyond the 10-mile reach (spec 01 §9, the limit the policies obey) gives no reading: its
   * pollutant comes with null values, `inReach: false` and the monitor's distance, and is never the main one.
   */
  async forLocation(p: Principal, id: number): Promise<Prepared<TPollutant[]>> {
    const location = await this.reads.locations.visible(p, id);
    const tags = [
      readTags.observations,
      readTags.location(location.id),
      readTags.customer(location.customerId),
    ];
    return keep(this.reads.cache, `airQuality:${location.id}`, tags, () => this.read(location));
  }

  private async read(location: VisibleLocation): Promise<TPollutant[]> {
    const series = await this.weather.providers.airQuality.near(location, this.clock.now());
    const indices = series.map(pollutantIndices);
    const inReach = indices.map((i) => i.distanceMiles <= AQI_SENSOR_REACH_MILES);
    let main = -1;
    indices.forEach((i, n) => {
      if (!inReach[n] || i.nowCastAqi === null) return;
      if (main < 0 || i.nowCastAqi > indices[main]!.nowCastAqi!) main = n;
    });
    if (main < 0) main = inReach.indexOf(true);
    const pollutants = indices.map((i, n): TPollutant => {
      const distanceInMiles = Math.round(i.distanceMiles * 10) / 10;
      if (!inReach[n])
        return {
          pollutantName: i.pollutant,
          sourceName: i.sensorName,
          distanceInMiles,
          isMainPollutant: false,
          concentration: { value: null, unit: i.unit },
          aqiData: {
            nowCastIndex: index(null),
            oneHourIndex: index(null),
            eightHourIndex: index(null),
            twentyFourHourIndex: index(null),
          },
          utcTimeStamp: i.time.toISOString(),
          inReach: false,
        };
      return {
        pollutantName: i.pollutant,
        sourceName: i.sensorName,
        distanceInMiles,
        isMainPollutant: n === main,
        concentration: { value: i.latest === null ? null : Math.round(i.latest * 10) / 10, unit: i.unit },
        aqiData: {
          nowCastIndex: index(i.nowCastAqi),
          oneHourIndex: index(i.oneHourAqi),
          eightHourIndex: index(i.eightHourAqi),
          twentyFourHourIndex: index(i.twentyFourHourAqi),
        },
        utcTimeStamp: i.time.toISOString(),
        inReach: true,
      };
    });
    return [...pollutants.filter((x) => x.isMainPollutant), ...pollutants.filter((x) => !x.isMainPollutant)];
  }

  /** `GET AirQuality`: the customer's sensors (the air quality policy: admin roles, spec 03 §6); empty when it has none. */
  async sensors(p: Principal): Promise<Prepared<TAirQualitySensorRow[]>> {
    authorizeAction(p, 'airQuality', 'viewSensors');
    // the ingest cycle records the sensors' readings
    const tags = [readTags.observations, readTags.customer(p.customerId)];
    return keep(this.reads.cache, `airQualitySensors:${p.customerId}`, tags, () =>
      this.readSensors(p.customerId),
    );
  }

  private async readSensors(customerId: number): Promise<TAirQualitySensorRow[]> {
    const rows = await this.repo.sensorsOf(customerId);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      customerName: r.customerName,
      pM2_5: { nowcast: r.pm25Aqi },
      pM10: { nowcast: r.pm10Aqi },
      enabled: r.enabled,
      status: r.enabled ? 'Enabled' : 'Disabled',
      lastActivity: r.lastActivityAt ? r.lastActivityAt.toISOString() : null,
    }));
  }

  /** `GET AirQuality/Categories`: EPA categories with AirNow's health statements. */
  categories(): TAirQualityCategory[] {
    return AQI_CATEGORIES.map((c) => ({
      name: c.name,
      min: c.aqiLow,
      max: Number.isFinite(c.aqiHigh) ? c.aqiHigh : null,
      color: c.color,
      shortDescription: CATEGORY_DESCRIPTIONS[c.name],
    }));
  }
}
