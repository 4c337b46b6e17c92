// The rest of today in a forecast: what the 'today hourly' call serves and what 'Today's Policy Risks' (threats)
// applies the customer's policies to.
import type { HourlyForecastItem } from '@allclear/weather';

const HOUR_MS = 3_600_000;

/** Hours of the forecast from the current hour to the end of the local (longitude-offset, 15° an hour) day. */
export function todaysHours(
  hours: readonly HourlyForecastItem[],
  now: Date,
  longitude: number,
): HourlyForecastItem[] {
  const offsetMs = Math.round(longitude / 15) * HOUR_MS;
  const localDayEnd = Math.floor((now.getTime() + offsetMs) / (24 * HOUR_MS) + 1) * 24 * HOUR_MS - offsetMs;
  const hourStart = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  return hours.filter((h) => h.time.getTime() >= hourStart && h.time.getTime() < localDayEnd);
}
