// GET AirQuality, AirQuality/Location/{id}, AirQuality/Categories (spec 01 §7 'Public address, settings,
// hardware, support, communication'; spec 03 §2.7).
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import type { ApiReads } from '../../shared/reads.ts';
import { AirQualityService } from './air-quality.service.ts';

export const airQualityRoutes: FastifyPluginAsync<
  Pick<AppDeps, 'db' | 'clock' | 'weather'> & { reads: ApiReads }
> = async (app, { db, clock, weather, reads }) => {
  const service = new AirQualityService(db.db, clock, weather, reads);

  register(app, routes.airQualitySensors, {}, async (request) => service.sensors(principalOf(request)));
  register(app, routes.airQualityCategories, {}, async () => service.categories());
  register(app, routes.airQualityForLocation, {}, async (request) =>
    service.forLocation(principalOf(request), request.params.id),
  );
};
