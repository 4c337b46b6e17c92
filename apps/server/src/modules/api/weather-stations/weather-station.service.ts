// Weather stations of the dashboard and hardware pages (spec 01 §7 'Hardware', spec 02 §3 'Weather station'):
// station by hardware or by id, its latest observation, and its sky image. Customer-scoped (404 across customers).
import type { TStation, TStationData } from '@allclear/contracts';
import { weatherStationPolicy } from '@allclear/domain';
import type { ConfiguredWeather, SkyImage } from '@allclear/weather';
import type { Database } from '../../../db/client.ts';
import type { Principal } from '../../../platform/auth.ts';
import type { Clock } from '../../../platform/clock.ts';
import { notFound } from '../../../platform/errors.ts';
import type { ReadCache } from '../../../platform/read-cache.ts';
import { Prepared } from '../../../platform/route.ts';
import { urlSignerFor } from '../../../platform/url-signer.ts';
import { authorize } from '../../shared/authorize.ts';
import { READ_TTL_MS, readTags } from '../../shared/read-tags.ts';
import { stationCamera, stationImageTakenAt } from '../../shared/station-camera.ts';
import {
  ObservationReadRepository,
  presentObservationData,
  presentStation,
  type StationDetail,
} from '../observations/index.ts';

export class WeatherStationService {
  private readonly repo: ObservationReadRepository;
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly weather: ConfiguredWeather,
    private readonly cache: ReadCache,
  ) {
    this.repo = new ObservationReadRepository(db);
  }

  private async present(s: StationDetail): Promise<TStation> {
    return presentStation(s, await urlSignerFor(this.db), this.clock.now().getTime());
  }

  private async station(p: Principal, id: number): Promise<StationDetail> {
    return authorize(p, weatherStationPolicy, 'view', await this.repo.stationById(id), 'Weather station');
  }

  /** `GET WeatherStation/{id}`: a station by its id. */
  async byId(p: Principal, id: number): Promise<TStation> {
    return this.present(await this.station(p, id));
  }

  /** `GET Hardware/WeatherStation/{id}`: the station of a hardware unit (id = hardware id). */
  async byHardware(p: Principal, hardwareId: number): Promise<TStation> {
    const s = await this.repo.stationByHardware(hardwareId);
    return this.present(authorize(p, weatherStationPolicy, 'view', s, 'Weather station'));
  }

  /** `GET Hardware/WeatherStation/Data/{id}`: the station's latest recorded observation. */
  async data(p: Principal, id: number): Promise<TStationData> {
    const s = await this.station(p, id);
    const obs = await this.repo.latestStationObservation(s.id);
    return { station: await this.present(s), data: obs ? presentObservationData(obs, 'station') : null };
  }

  /** The sky image of the camera at the unit, or null. */
  private async findImage(s: StationDetail): Promise<SkyImage | null> {
    const camera = await stationCamera(this.weather, s);
    return camera === null ? null : this.weather.providers.skyImages.image(camera, this.clock.now());
  }

  /**
   * `GET Hardware/WeatherStation/Image/{id}`: the station's current sky image, 404 without a camera.
   * Reached by a signed URL (`p` null: the signature already proves the caller was shown this station).
   */
  async image(p: Principal | null, id: number): Promise<SkyImage> {
    const station = p ? await this.station(p, id) : await this.repo.stationById(id);
    if (!station) throw notFound('Weather station');
    const image = await this.findImage(station);
    if (!image) throw notFound('Station image');
    return image;
  }

  /**
   * `GET Hardware/WeatherStation/Image/LastModified/{id}`: when the image last changed, null without one. The station
   * (no call edits one yet) and the time are kept READ_TTL_MS (the spec polls it every 5 minutes); the weather
   * station policy decides every request.
   */
  async imageLastModified(p: Principal, id: number): Promise<Prepared<{ lastModified: string | null }>> {
    const found = await this.cache.get(
      `stationImageLastModified:${id}`,
      READ_TTL_MS,
      (f) => (f ? [readTags.customer(f.station.customerId)] : []),
      async () => {
        const station = await this.repo.stationById(id);
        if (!station) return undefined;
        // when the image was taken, not the image: drawing and encoding it held the event loop 40 to 60 ms
        const at = await stationImageTakenAt(this.weather, station, this.clock.now());
        return { station, answer: new Prepared({ lastModified: at ? at.toISOString() : null }) };
      },
    );
    authorize(p, weatherStationPolicy, 'view', found?.station, 'Weather station');
    return found!.answer;
  }
}
