// Forecasts for a location or a point (spec 01 §7 'Threats, advisories, forecasts'), customer-scoped for locations.
import type { TDailyForecastItem, THourlyForecastItem } from '@allclear/contracts';
import type { ConfiguredWeather, LatLon } from '@allclear/weather';
import type { Principal } from '../../../platform/auth.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Prepared } from '../../../platform/route.ts';
import { readTags } from '../../shared/read-tags.ts';
import { keep, type ApiReads } from '../../shared/reads.ts';
import { presentDaily, presentHourly } from './forecast.presenter.ts';
import { todaysHours } from './todays-hours.ts';

const HOUR_MS = 3_600_000;
/** Days of the daily forecast (spec 01 §7). */
export const DAILY_FORECAST_DAYS = 7;

export class ForecastService {
  constructor(
    private readonly clock: Clock,
    private readonly weather: ConfiguredWeather,
    private readonly reads: ApiReads,
  ) {}

  /** `hours` hours from the current hour at a point. */
  async hourlyAt(point: LatLon, hours: number): Promise<THourlyForecastItem[]> {
    const now = this.clock.now();
    const hourStart = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
    const forecast = await this.weather.providers.forecast.hourly(point, now, hours + 1);
    return forecast.hours
      .filter((h) => h.time.getTime() >= hourStart)
      .slice(0, hours)
      .map((h) => presentHourly(h, point.latitude, point.longitude));
  }

  /** The rest of today (local day by longitude) hour by hour at a point. */
  async todayHourlyAt(point: LatLon): Promise<THourlyForecastItem[]> {
    const now = this.clock.now();
    const forecast = await this.weather.providers.forecast.hourly(point, now, 30);
    return todaysHours(forecast.hours, now, point.longitude).map((h) =>
      presentHourly(h, point.latitude, point.longitude),
    );
  }

  async dailyAt(point: LatLon): Promise<TDailyForecastItem[]> {
    const forecast = await this.weather.providers.forecast.daily(
      point,
      this.clock.now(),
      DAILY_FORECAST_DAYS,
    );
    return forecast.days
      .slice(0, DAILY_FORECAST_DAYS)
      .map((d) => presentDaily(d, point.latitude, point.longitude));
  }

  /**
   * A location's hourly forecast, kept READ_TTL_MS (a minute, against the spec's 15-minute poll; the current hour
   * rolls) or until the location changes.
   */
  async hourly(p: Principal, id: number, hours: number): Promise<Prepared<THourlyForecastItem[]>> {
    const location = await this.reads.locations.visible(p, id);
    return keep(this.reads.cache, `forecastHourly:${location.id}:${hours}`, this.tags(location), () =>
      this.hourlyAt(location, hours),
    );
  }

  async todayHourly(p: Principal, id: number): Promise<THourlyForecastItem[]> {
    return this.todayHourlyAt(await this.reads.locations.visible(p, id));
  }

  /** A location's 7-day forecast, kept as the hourly one. */
  async daily(p: Principal, id: number): Promise<Prepared<TDailyForecastItem[]>> {
    const location = await this.reads.locations.visible(p, id);
    return keep(this.reads.cache, `forecastDaily:${location.id}`, this.tags(location), () =>
      this.dailyAt(location),
    );
  }

  /** Today's summary: the first day of the daily forecast, null if none. */
  async today(p: Principal, id: number): Promise<TDailyForecastItem | null> {
    return (await this.daily(p, id)).value[0] ?? null;
  }

  /** A forecast of a location is read for its coordinates: a change of the location drops it. */
  private tags(location: { id: number; customerId: number }): string[] {
    return [readTags.location(location.id), readTags.customer(location.customerId)];
  }
}
