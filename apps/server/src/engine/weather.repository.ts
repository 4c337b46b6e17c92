// The only code of the weather set-up (weather.ts) that touches the database: where the stored locations are.
import type { LatLon } from '@allclear/weather';
import type { Database } from '../db/client.ts';
import { locations } from '../db/schema/index.ts';

export class WeatherRepository {
  constructor(private readonly db: Database) {}

  /** The place of every stored location, degrees. */
  async listLocationPlaces(): Promise<LatLon[]> {
    return this.db.select({ latitude: locations.latitude, longitude: locations.longitude }).from(locations);
  }
}
