// GET (and POST) observations?latitude&longitude&preferred (the map's observation mode), GET observations/ForLocation/{id} and Observations/Historical/{id}?hours (location ids: the dashboard's conditions
// timeline), Observations/Historical/Day|Week|Month/{id} and Observations/Historical/Custom/{id}?startDate&endDate
// (weather station ids: the station historical page of spec 03 §2.4) (spec 01 §7 'Observations').
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZIdParam,
  ZObservationCustomRangeQuery,
  ZObservationForLocation,
  ZObservationHistoryPoint,
  ZObservationHistoryQuery,
  ZPointObservation,
  ZPointObservationQuery,
  envelope,
  type TPointObservationQuery,
  errorResponses,
} from '@allclear/contracts';
import type { AppDeps } from '../../../app.ts';
import type { Principal } from '../../../platform/auth.ts';
import { badRequest } from '../../../platform/errors.ts';
import { principalOf } from '../scope.ts';
import { ObservationService } from './observation.service.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The station page's ranges (spec 03 §2.4 'Hourly, 7 Days, 30 Days'): span and bucket. */
const RANGES = { Day: [DAY_MS, HOUR_MS], Week: [7 * DAY_MS, DAY_MS], Month: [30 * DAY_MS, DAY_MS] } as const;
/** Longest custom range, days (spec 03 §9). */
const CUSTOM_RANGE_MAX_DAYS = 90;

export const observationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, weather }) => {
  const service = new ObservationService(db.db, clock, weather);
  const tags = ['observations'];
  const history = { 200: envelope(z.array(ZObservationHistoryPoint)), ...errorResponses };

  app.get(
    '/observations/ForLocation/:id',
    {
      schema: {
        tags,
        params: ZIdParam,
        response: { 200: envelope(ZObservationForLocation), ...errorResponses },
      },
    },
    async (request) => ({ data: await service.forLocation(principalOf(request), request.params.id) }),
  );
  // The map's observation tool asks with GET (apps/web get-observation-at-point.ts); POST is the spec's
  // 'mutation-style' spelling of the same read, kept for clients that use it.
  const atPoint = {
    schema: {
      tags,
      querystring: ZPointObservationQuery,
      response: { 200: envelope(ZPointObservation), ...errorResponses },
    },
  };
  const answerAtPoint = async (request: { query: TPointObservationQuery }, p: Principal) => {
    const { latitude, longitude, preferred } = request.query;
    return { data: await service.atPoint(p, { latitude, longitude }, preferred) };
  };
  app.get('/observations', atPoint, async (request) => answerAtPoint(request, principalOf(request)));
  app.post('/observations', atPoint, async (request) => answerAtPoint(request, principalOf(request)));
  app.get(
    '/Observations/Historical/:id',
    { schema: { tags, params: ZIdParam, querystring: ZObservationHistoryQuery, response: history } },
    async (request) => ({
      data: await service.lastHours(principalOf(request), request.params.id, request.query.hours),
    }),
  );
  for (const [name, [spanMs, bucketMs]] of Object.entries(RANGES)) {
    app.get(
      `/Observations/Historical/${name}/:id`,
      { schema: { tags, params: ZIdParam, response: history } },
      async (request) => {
        const now = clock.now();
        const from = new Date(now.getTime() - spanMs);
        return {
          data: await service.stationHistory(principalOf(request), request.params.id, from, now, bucketMs),
        };
      },
    );
  }
  app.get(
    '/Observations/Historical/Custom/:id',
    { schema: { tags, params: ZIdParam, querystring: ZObservationCustomRangeQuery, response: history } },
    async (request) => {
      const { startDate, endDate } = request.query;
      if (endDate.getTime() > clock.now().getTime()) {
        throw badRequest('End date must be before now.', { EndDate: ['End date must be before now.'] });
      }
      if (endDate.getTime() - startDate.getTime() > CUSTOM_RANGE_MAX_DAYS * DAY_MS) {
        const message =
          'Custom Range must be at most 90 days. Try exporting data if longer date range is needed.';
        throw badRequest(message, { EndDate: [message] });
      }
      // Up to two days hourly, longer ranges daily.
      const bucketMs = endDate.getTime() - startDate.getTime() > 2 * DAY_MS ? DAY_MS : HOUR_MS;
      return {
        data: await service.stationHistory(
          principalOf(request),
          request.params.id,
          startDate,
          endDate,
          bucketMs,
        ),
      };
    },
  );
};
