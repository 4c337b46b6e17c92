// GET Hardware, GET hardware/{id}, GET Hardware/Audit/{id}, GET Hardware/OWS/{id}, PATCH Hardware/OWS/Settings,
// GET Siren, POST Siren/Test/Delay|AllClear|Light, POST Siren/TurnOff, POST Support/Disable|Enable,
// POST Support/Siren/Disable|Enable (spec 02 §7 'Hardware and sirens', 'Support'), PUT sim/Siren/{id} (issue 16).
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import { HardwareRepository } from './hardware.repository.ts';
import { HardwareService } from './hardware.service.ts';
import { SirenService } from './siren.service.ts';

export const hardwareRoutes: FastifyPluginAsync<
  Pick<AppDeps, 'db' | 'clock' | 'bus' | 'weather' | 'devices'>
> = async (app, { db, clock, bus, weather, devices }) => {
  const repo = new HardwareRepository(db.db);
  const units = new HardwareService(repo, clock, bus);
  const sirens = new SirenService(db.db, repo, clock, bus, weather, devices);

  register(app, routes.hardwareList, {}, async (request) => units.list(principalOf(request)));
  register(app, routes.hardwareGet, {}, async (request) =>
    units.get(principalOf(request), request.params.id),
  );
  register(app, routes.hardwareAudit, {}, async (request) =>
    units.audit(principalOf(request), request.params.id),
  );
  register(app, routes.sirenGet, {}, async (request) =>
    sirens.detail(principalOf(request), request.params.id),
  );
  register(app, routes.sirenSettingsUpdate, {}, async (request) =>
    sirens.updateSettings(principalOf(request), request.body),
  );
  register(app, routes.sirenList, {}, async (request) => sirens.list(principalOf(request)));
  register(app, routes.sirenTestDelay, {}, async (request) =>
    sirens.command(principalOf(request), request.body, 'delay'),
  );
  register(app, routes.sirenTestAllClear, {}, async (request) =>
    sirens.command(principalOf(request), request.body, 'all-clear'),
  );
  register(app, routes.sirenTestLight, {}, async (request) =>
    sirens.command(principalOf(request), request.body, 'light'),
  );
  register(app, routes.sirenTurnOff, {}, async (request) =>
    sirens.command(principalOf(request), request.body, null),
  );
  register(app, routes.hardwareDisable, {}, async (request) =>
    units.setUnitEnabled(principalOf(request), request.body, false),
  );
  register(app, routes.hardwareEnable, {}, async (request) =>
    units.setUnitEnabled(principalOf(request), request.body, true),
  );
  register(app, routes.sirenDisable, {}, async (request) =>
    units.setSirenEnabled(principalOf(request), request.body, false),
  );
  register(app, routes.sirenEnable, {}, async (request) =>
    units.setSirenEnabled(principalOf(request), request.body, true),
  );
  register(app, routes.simSiren, {}, async (request) =>
    sirens.simulate(principalOf(request), request.params.id, request.body.acknowledges),
  );
};
