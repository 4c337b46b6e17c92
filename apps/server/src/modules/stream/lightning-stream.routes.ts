// GET /stream/Lightning: server-sent events of lightning changes for the caller's visible locations
// (issue 6 'Beyond the spec'). The bearer token rides in the Authorization header (the web reads the
// stream with fetch), never in the URL.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../platform/deps.ts';
import { register } from '../../platform/route.ts';
import { principalOf } from '../shared/principal.ts';
import { LightningStreamHub } from './lightning-stream.service.ts';
import { LocationOwnerRepository } from './location-owner.repository.ts';
import { openSse } from './sse.ts';

/**
 * Ms until the caller's bearer token expires (its `exp`; the auth hook has verified the token). The check
 * runs once, when the stream opens: ending the stream with the token keeps a disabled user, or one whose
 * role or customer changed, from hearing on. Real time, as the verifier's (the app clock may be simulated).
 */
export function msUntilTokenExpires(request: FastifyRequest): number | undefined {
  const token = /^Bearer\s+(\S+)/i.exec(request.headers.authorization ?? '')?.[1];
  const exp = token ? decodeJwt(token).exp : undefined;
  return exp === undefined ? undefined : exp * 1000 - Date.now();
}

export const lightningStreamRoutes: FastifyPluginAsync<Pick<AppDeps, 'db' | 'clock' | 'bus'>> = async (
  app,
  { db, clock, bus },
) => {
  const hub = new LightningStreamHub(bus, new LocationOwnerRepository(db.db), clock, (err) =>
    app.log.error({ err }, 'lightning stream: delivery failed'),
  );
  // before the server waits for open requests to finish: an event stream never finishes by itself
  app.addHook('preClose', () => hub.close());

  register(app, routes.streamLightning, {}, async (request, reply) => {
    const principal = principalOf(request);
    let remove = () => {};
    const connection = openSse(reply, () => remove(), { lifetimeMs: msUntilTokenExpires(request) });
    remove = hub.add(principal, connection);
    return reply;
  });
};
