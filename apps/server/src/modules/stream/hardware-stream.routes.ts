// GET /stream/Hardware: server-sent 'hardware' events telling the hardware page that a unit of the caller's customer
// reported (telemetry, an acknowledgement, a station reading) or was changed, so it refetches at once rather than at
// its 5-minute poll (issue 16 'live updates when a device reports'). Only callers who may see the Hardware page hear
// it (the hardware policy's 'view'); the stream ends with the bearer token, as the lightning stream does.
import type { FastifyPluginAsync } from 'fastify';
import { decodeJwt } from 'jose';
import { HARDWARE_STREAM_EVENT, type THardwareStreamEvent } from '@allclear/contracts';
import { routes } from '@allclear/contracts/routes';
import { hardwarePolicy, reachFor } from '@allclear/domain';
import type { Principal } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { forbidden } from '../../platform/errors.ts';
import { register } from '../../platform/route.ts';
import { principalOf } from '../shared/principal.ts';
import { openSse, type SseConnection } from './sse.ts';

interface Listener {
  principal: Principal;
  connection: SseConnection;
}

export const hardwareStreamRoutes: FastifyPluginAsync<Pick<AppDeps, 'bus'>> = async (app, { bus }) => {
  const listeners = new Set<Listener>();
  const off = bus.subscribe('hardware-changed', (e) => {
    const event: THardwareStreamEvent = { hardwareId: e.hardwareId };
    for (const l of listeners) {
      if (hardwarePolicy.can(l.principal, 'view', { customerId: e.customerId }))
        l.connection.send(HARDWARE_STREAM_EVENT, event);
    }
  });
  app.addHook('preClose', async () => {
    off();
    await Promise.all([...listeners].map((l) => l.connection.close()));
  });

  register(app, routes.streamHardware, {}, async (request, reply) => {
    const principal = principalOf(request);
    if (reachFor(principal, 'hardware', 'view') === 'none') throw forbidden();
    const token = /^Bearer\s+(\S+)/i.exec(request.headers.authorization ?? '')?.[1];
    const exp = token ? decodeJwt(token).exp : undefined;
    const listener: Listener = {
      principal,
      connection: openSse(reply, () => listeners.delete(listener), {
        lifetimeMs: exp === undefined ? undefined : exp * 1000 - Date.now(),
      }),
    };
    listeners.add(listener);
    return reply;
  });
};
