import type { onRequestHookHandler, RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { addRouteOnRequest } from './route-hooks.ts';

const hook = (): onRequestHookHandler => (_request, _reply, done) => done();

describe('addRouteOnRequest', () => {
  it('starts a list on a route with no hook of its own', () => {
    const route: Pick<RouteOptions, 'onRequest'> = {};
    const a = hook();
    addRouteOnRequest(route, 'last', a);
    expect(route.onRequest).toEqual([a]);
  });

  it("keeps a route's single hook, before or after the added one", () => {
    const [own, first, last] = [hook(), hook(), hook()];
    const route: Pick<RouteOptions, 'onRequest'> = { onRequest: own };
    addRouteOnRequest(route, 'first', first);
    addRouteOnRequest(route, 'last', last);
    expect(route.onRequest).toEqual([first, own, last]);
  });

  it("keeps a route's list in its order", () => {
    const [a, b, c] = [hook(), hook(), hook()];
    const route: Pick<RouteOptions, 'onRequest'> = { onRequest: [a, b] };
    addRouteOnRequest(route, 'first', c);
    expect(route.onRequest).toEqual([c, a, b]);
  });
});
