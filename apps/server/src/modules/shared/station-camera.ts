// The camera of a weather station: the data source's camera nearest the unit, within CAMERA_MATCH_MILES. The
// dashboard's station image and the station page's 'image last changed' both read it here.
import { greatCircleMiles } from '@allclear/domain';
import type { ConfiguredWeather } from '@allclear/weather';

/** A camera of the data source this near a station is taken as its camera, miles. */
const CAMERA_MATCH_MILES = 2;

/** The id of the camera at a unit (the nearest within 2 miles), or null; null too for a unit with no position. */
export async function stationCamera(
  weather: ConfiguredWeather,
  unit: { latitude: number | null; longitude: number | null },
): Promise<string | null> {
  if (unit.latitude === null || unit.longitude === null) return null;
  const place = { latitude: unit.latitude, longitude: unit.longitude };
  let nearest: { id: string; miles: number } | null = null;
  for (const c of await weather.providers.observations.stations()) {
    const miles = greatCircleMiles(place, c);
    if (miles <= CAMERA_MATCH_MILES && (nearest === null || miles < nearest.miles))
      nearest = { id: c.id, miles };
  }
  return nearest?.id ?? null;
}

/** When the image of the camera at a unit was taken (without drawing it), or null without a camera. */
export async function stationImageTakenAt(
  weather: ConfiguredWeather,
  unit: { latitude: number | null; longitude: number | null },
  at: Date,
): Promise<Date | null> {
  const camera = await stationCamera(weather, unit);
  return camera === null ? null : weather.providers.skyImages.takenAt(camera, at);
}
