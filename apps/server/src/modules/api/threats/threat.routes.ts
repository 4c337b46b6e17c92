// GET Threats/{id}, observations/Violations/{id}, PolicyWarnings/Location/{id}, ThreatForecast/Location/{id}
// (spec 01 §7 'Threats, advisories, forecasts', 'Observations'; the last two paths are ours: spec 01 §7 does not show them).
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import type { ApiReads } from '../../shared/reads.ts';
import { ThreatService } from './threat.service.ts';

export const threatRoutes: FastifyPluginAsync<
  Pick<AppDeps, 'db' | 'clock' | 'weather'> & { reads: ApiReads }
> = async (app, { db, clock, weather, reads }) => {
  const service = new ThreatService(db.db, clock, weather, reads);

  register(app, routes.threats, {}, async (request) =>
    service.threats(principalOf(request), request.params.id),
  );
  register(app, routes.observationViolations, {}, async (request) =>
    service.warnings(principalOf(request), request.params.id),
  );
  register(app, routes.policyWarnings, {}, async (request) =>
    service.warnings(principalOf(request), request.params.id),
  );
  register(app, routes.threatForecast, {}, async (request) =>
    service.forecast(principalOf(request), request.params.id),
  );
};
