// GET Threats/{id}, observations/Violations/{id}, PolicyWarnings/Location/{id}, ThreatForecast/Location/{id}
// (spec 01 §7 'Threats, advisories, forecasts', 'Observations'; the last two paths are ours: spec 01 §7 does not show them).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZIdParam,
  ZPolicyWarnings,
  ZThreatForecast,
  ZThreats,
  envelope,
  errorResponses,
} from '@allclear/contracts';
import type { AppDeps } from '../../../app.ts';
import { principalOf } from '../scope.ts';
import { ThreatService } from './threat.service.ts';

export const threatRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, weather }) => {
  const service = new ThreatService(db.db, clock, weather);
  const tags = ['threats'];
  const warnings = {
    tags,
    params: ZIdParam,
    response: { 200: envelope(ZPolicyWarnings), ...errorResponses },
  };

  app.get(
    '/Threats/:id',
    { schema: { tags, params: ZIdParam, response: { 200: envelope(ZThreats), ...errorResponses } } },
    async (request) => ({ data: await service.threats(principalOf(request), request.params.id) }),
  );
  app.get('/observations/Violations/:id', { schema: warnings }, async (request) => ({
    data: await service.warnings(principalOf(request), request.params.id),
  }));
  app.get('/PolicyWarnings/Location/:id', { schema: warnings }, async (request) => ({
    data: await service.warnings(principalOf(request), request.params.id),
  }));
  app.get(
    '/ThreatForecast/Location/:id',
    { schema: { tags, params: ZIdParam, response: { 200: envelope(ZThreatForecast), ...errorResponses } } },
    async (request) => ({ data: await service.forecast(principalOf(request), request.params.id) }),
  );
};
