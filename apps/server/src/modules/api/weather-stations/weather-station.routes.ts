// GET Hardware/WeatherStation/{id} (hardware id), Hardware/WeatherStation/Data/{id}, WeatherStation/{id},
// Hardware/WeatherStation/Image/{id}, Hardware/WeatherStation/Image/LastModified/{id} (station ids; spec 01 §7).
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import type { ApiReads } from '../../shared/reads.ts';
import { WeatherStationService } from './weather-station.service.ts';

export const weatherStationRoutes: FastifyPluginAsync<
  Pick<AppDeps, 'db' | 'clock' | 'weather'> & { reads: ApiReads }
> = async (app, { db, clock, weather, reads }) => {
  const service = new WeatherStationService(db.db, clock, weather, reads.cache);

  register(app, routes.weatherStationByHardware, {}, async (request) =>
    service.byHardware(principalOf(request), request.params.id),
  );
  register(app, routes.weatherStation, {}, async (request) =>
    service.byId(principalOf(request), request.params.id),
  );
  register(app, routes.weatherStationData, {}, async (request) =>
    service.data(principalOf(request), request.params.id),
  );
  register(app, routes.weatherStationImageLastModified, {}, async (request) =>
    service.imageLastModified(principalOf(request), request.params.id),
  );
  // an <img> sends no bearer: a signed URL from the station data is accepted instead (api/index.ts)
  register(app, routes.weatherStationImage, { config: { signedUrl: true } }, async (request, reply) => {
    const image = await service.image(request.principal ?? null, request.params.id);
    const etag = `"${image.stationId}-${image.observedAt.getTime()}"`;
    reply
      .header('content-type', image.contentType)
      .header('last-modified', image.observedAt.toUTCString())
      .header('etag', etag)
      .header('cache-control', 'private, max-age=60');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(Buffer.from(image.bytes));
  });
};
