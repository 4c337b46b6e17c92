// GET PA, POST PA/SendMessage, GET PA/StoredMessages, POST/PATCH PA/StoredMessage, DELETE PA/StoredMessage/{id}
// (spec 02 §7 'Public address'; issue 16).
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import { HardwareRepository } from '../hardware/index.ts';
import { PaRepository } from './pa.repository.ts';
import { PaService } from './pa.service.ts';

export const paRoutes: FastifyPluginAsync<Pick<AppDeps, 'db' | 'clock' | 'bus'>> = async (
  app,
  { db, clock, bus },
) => {
  const service = new PaService(db.db, new PaRepository(db.db), new HardwareRepository(db.db), clock, bus);
  register(app, routes.paUnitList, {}, async (request) => service.units(principalOf(request)));
  register(app, routes.paSendMessage, {}, async (request) =>
    service.send(principalOf(request), request.body),
  );
  register(app, routes.paStoredMessageList, {}, async (request) => service.messages(principalOf(request)));
  register(app, routes.paStoredMessageAdd, {}, async (request) =>
    service.add(principalOf(request), request.body),
  );
  register(app, routes.paStoredMessageUpdate, {}, async (request) =>
    service.update(principalOf(request), request.body),
  );
  register(app, routes.paStoredMessageDelete, {}, async (request) =>
    service.remove(principalOf(request), request.params.id),
  );
};
