// GET forecast/Today/ForLocation/{id}, forecast/Hourly/ForLocation/{id}?hours, forecast/Today/Hourly?latitude&longitude,
// forecast/Today/Hourly/ForLocation/{id}, forecast/Daily/ForLocation/{id} (spec 01 §7; the daily call's version
// header 2.0 is accepted, and this is its only version).
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import type { ApiReads } from '../../shared/reads.ts';
import { ForecastService } from './forecast.service.ts';

export const forecastRoutes: FastifyPluginAsync<
  Pick<AppDeps, 'clock' | 'weather'> & { reads: ApiReads }
> = async (app, { clock, weather, reads }) => {
  const service = new ForecastService(clock, weather, reads);

  register(app, routes.forecastToday, {}, async (request) =>
    service.today(principalOf(request), request.params.id),
  );
  register(app, routes.forecastHourly, {}, async (request) =>
    service.hourly(principalOf(request), request.params.id, request.query.hours),
  );
  register(app, routes.forecastTodayHourlyAtPoint, {}, async (request) =>
    service.todayHourlyAt(request.query),
  );
  register(app, routes.forecastTodayHourly, {}, async (request) =>
    service.todayHourly(principalOf(request), request.params.id),
  );
  register(app, routes.forecastDaily, {}, async (request, reply) => {
    reply.header('api-version', '2.0');
    return service.daily(principalOf(request), request.params.id);
  });
};
