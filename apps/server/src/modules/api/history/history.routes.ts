// The station historical page's reads and its simple exports (spec 03 §2.4, §7 'Historical export', 'Station
// queries'; issue 17): GET Historical/Station/{id}, Observations/Historical/{Day|Week|Month|Custom}/{id},
// Observations/Evapotranspiration/{id}, Observations/ConditionSnapshots/{id} and the CSV exports
// Observations/Historical/Export/{Daily|Hourly|ConditionSnapshots}/{id}. The table marks them public: a signed-in
// caller's bearer token is verified here (401 when it is bad), a visitor without one is anonymous (spec 03 §6).
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { STATION_HISTORY_RANGES } from '@allclear/contracts';
import { routes } from '@allclear/contracts/routes';
import type { Principal } from '../../../platform/auth.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { HistoryService, type CsvExport } from './history.service.ts';

/** The caller when the request carries a bearer token (verified: a bad one is answered 401), else null. */
async function callerOf(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Principal | null> {
  if (!request.headers.authorization) return null;
  await app.authenticate(request, reply);
  return request.principal;
}

/** Sends a CSV export as a stream: a download named after the station. */
function sendCsv(reply: FastifyReply, csv: CsvExport): FastifyReply {
  const ascii = csv.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  return reply
    .type('text/csv; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(csv.fileName)}`,
    )
    .send(Readable.from(csv.lines));
}

export const historyRoutes: FastifyPluginAsync<Pick<AppDeps, 'db' | 'clock' | 'weather'>> = async (
  app,
  { db, clock, weather },
) => {
  const service = new HistoryService(db.db, clock, weather);

  register(app, routes.historicalStation, {}, async (request, reply) => {
    const p = await callerOf(app, request, reply);
    if (reply.sent) return reply;
    return service.station(p, request.params.id);
  });

  for (const range of STATION_HISTORY_RANGES) {
    register(app, routes.observationStationHistory, { fixed: { range } }, async (request, reply) => {
      const p = await callerOf(app, request, reply);
      if (reply.sent) return reply;
      return service.range(p, request.params.id, range);
    });
  }

  register(app, routes.observationStationHistoryCustom, {}, async (request, reply) => {
    const p = await callerOf(app, request, reply);
    if (reply.sent) return reply;
    return service.custom(p, request.params.id, request.query.startDate, request.query.endDate);
  });

  register(app, routes.observationEvapotranspiration, {}, async (request, reply) => {
    const p = await callerOf(app, request, reply);
    if (reply.sent) return reply;
    return service.evapotranspiration(p, request.params.id, request.query);
  });

  register(app, routes.observationConditionSnapshots, {}, async (request, reply) => {
    const p = await callerOf(app, request, reply);
    if (reply.sent) return reply;
    return service.snapshots(p, request.params.id, request.query.startDate, request.query.endDate);
  });

  register(app, routes.observationExport, {}, async (request, reply) => {
    const p = await callerOf(app, request, reply);
    if (reply.sent) return reply;
    const { startDate, endDate } = request.query;
    return sendCsv(
      reply,
      await service.exportHistory(p, request.params.id, request.params.interval, startDate, endDate),
    );
  });

  register(app, routes.observationExportConditionSnapshots, {}, async (request, reply) => {
    const p = await callerOf(app, request, reply);
    if (reply.sent) return reply;
    const { startDate, endDate } = request.query;
    return sendCsv(reply, await service.exportSnapshots(p, request.params.id, startDate, endDate));
  });
};
