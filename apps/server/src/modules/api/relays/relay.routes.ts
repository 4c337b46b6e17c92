// GET RemoteRelay/{ipAddress}, POST RemoteRelay/SetRelay/{ipAddress} (spec 02 §7 'Work/rest and relays'),
// PUT sim/RelayBoard/{ipAddress} (issue 16).
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import { HardwareRepository } from '../hardware/index.ts';
import { RelayRepository } from './relay.repository.ts';
import { RelayService } from './relay.service.ts';

export const relayRoutes: FastifyPluginAsync<
  Pick<AppDeps, 'db' | 'clock' | 'bus' | 'weather' | 'devices'>
> = async (app, { db, clock, bus, weather, devices }) => {
  const service = new RelayService(
    new RelayRepository(db.db),
    new HardwareRepository(db.db),
    clock,
    bus,
    weather,
    devices,
  );
  register(app, routes.remoteRelayList, {}, async (request) =>
    service.list(principalOf(request), request.params.ipAddress),
  );
  register(app, routes.remoteRelaySet, {}, async (request) =>
    service.set(principalOf(request), request.params.ipAddress, request.body),
  );
  register(app, routes.simRelayBoard, {}, async (request) =>
    service.simulate(principalOf(request), request.params.ipAddress, request.body.online),
  );
};
