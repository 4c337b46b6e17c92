// A route's own onRequest hooks, added to at registration (an onRoute hook): each check is chosen once per route
// instead of read from `request.routeOptions` on every request (issue 18). Fastify takes one hook or a list.
import type { onRequestHookHandler, RouteOptions } from 'fastify';

/** Puts `hook` first or last among the route's own onRequest hooks (the instance's hooks still run before them). */
export function addRouteOnRequest(
  route: Pick<RouteOptions, 'onRequest'>,
  where: 'first' | 'last',
  hook: onRequestHookHandler,
): void {
  const own = route.onRequest ? [route.onRequest].flat() : [];
  route.onRequest = where === 'first' ? [hook, ...own] : [...own, hook];
}
