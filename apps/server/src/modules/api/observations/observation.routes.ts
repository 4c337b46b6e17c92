// GET (and POST) observations?latitude&longitude&preferred (the map's observation mode), GET observations/ForLocation/{id}
// and Observations/Historical/{id}?hours (location ids: the dashboard's conditions timeline),
// Observations/Historical/Day|Week|Month/{id} and Observations/Historical/Custom/{id}?startDate&endDate (weather
// station ids: the station historical page of spec 03 §2.4) (spec 01 §7 'Observations').
import type { FastifyPluginAsync } from 'fastify';
import {
  OBSERVATION_CUSTOM_RANGE_MAX_DAYS,
  STATION_HISTORY_RANGES,
  type TStationHistoryRange,
} from '@allclear/contracts';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { badRequest } from '../../../platform/errors.ts';
import { register, type RouteRequest } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import type { ApiReads } from '../../shared/reads.ts';
import { ObservationService } from './observation.service.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The station page's ranges (spec 03 §2.4 'Hourly, 7 Days, 30 Days'): span and bucket. */
const RANGES: Record<TStationHistoryRange, readonly [number, number]> = {
  Day: [DAY_MS, HOUR_MS],
  Week: [7 * DAY_MS, DAY_MS],
  Month: [30 * DAY_MS, DAY_MS],
};

export const observationRoutes: FastifyPluginAsync<
  Pick<AppDeps, 'db' | 'clock' | 'weather'> & { reads: ApiReads }
> = async (app, { db, clock, weather, reads }) => {
  const service = new ObservationService(db.db, clock, weather, reads);

  register(app, routes.observationForLocation, {}, async (request) =>
    service.forLocation(principalOf(request), request.params.id),
  );

  // The map's observation tool asks with GET (apps/web get-observation-at-point.ts); POST is the spec's
  // 'mutation-style' spelling of the same read, kept for clients that use it.
  const atPoint = async (request: RouteRequest<typeof routes.observationAtPoint>) => {
    const { latitude, longitude, preferred } = request.query;
    return service.atPoint(principalOf(request), { latitude, longitude }, preferred);
  };
  register(app, routes.observationAtPoint, {}, (request) => atPoint(request));
  register(app, routes.observationAtPointPost, {}, (request) => atPoint(request));

  register(app, routes.observationHistory, {}, async (request) =>
    service.lastHours(principalOf(request), request.params.id, request.query.hours),
  );

  for (const range of STATION_HISTORY_RANGES) {
    const [spanMs, bucketMs] = RANGES[range];
    register(app, routes.observationStationHistory, { fixed: { range } }, async (request) => {
      const now = clock.now();
      const from = new Date(now.getTime() - spanMs);
      return service.stationHistory(principalOf(request), request.params.id, from, now, bucketMs);
    });
  }

  register(app, routes.observationStationHistoryCustom, {}, async (request) => {
    const { startDate, endDate } = request.query;
    if (endDate.getTime() > clock.now().getTime()) {
      throw badRequest('End date must be before now.', { EndDate: ['End date must be before now.'] });
    }
    if (endDate.getTime() - startDate.getTime() > OBSERVATION_CUSTOM_RANGE_MAX_DAYS * DAY_MS) {
      const message = `Custom Range must be at most ${OBSERVATION_CUSTOM_RANGE_MAX_DAYS} days. Try exporting data if longer date range is needed.`;
      throw badRequest(message, { EndDate: [message] });
    }
    // Up to two days hourly, longer ranges daily.
    const bucketMs = endDate.getTime() - startDate.getTime() > 2 * DAY_MS ? DAY_MS : HOUR_MS;
    return service.stationHistory(principalOf(request), request.params.id, startDate, endDate, bucketMs);
  });
};
