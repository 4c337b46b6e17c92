import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { TLocation, TLocationInput } from '../locations.ts';
import { endpoints, pathOf, routes, type RouteArgs, type RouteData, type Routes } from './table.ts';

const keys = Object.keys(endpoints) as (keyof typeof endpoints)[];

/** The names of a path's `:params`. */
const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!).sort();

describe('route table', () => {
  it('has one entry per endpoint, with its method, path and answer', () => {
    expect(Object.keys(routes).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      const endpoint = endpoints[key] as { method: string; path: string; answer?: string };
      expect({ key, method: routes[key].method, path: routes[key].path, answer: routes[key].answer }).toEqual(
        {
          key,
          method: endpoint.method,
          path: endpoint.path,
          answer: endpoint.answer ?? 'data',
        },
      );
    }
  });

  it('declares exactly the params each path names', () => {
    for (const key of keys) {
      const params = (routes[key] as { params?: z.ZodObject }).params;
      const declared = params ? Object.keys(params.shape).sort() : [];
      expect({ key, declared }).toEqual({ key, declared: pathParams(routes[key].path) });
    }
  });

  it('gives a response schema to every JSON answer and none to the others', () => {
    for (const key of keys) {
      const { answer } = routes[key];
      const hasResponse = 'response' in routes[key];
      expect({ key, hasResponse }).toEqual({ key, hasResponse: answer === 'data' || answer === 'json' });
    }
  });

  it('has no two entries for one method and path (routes match case-insensitively)', () => {
    const seen = keys.map((k) => `${endpoints[k].method} ${endpoints[k].path.toLowerCase()}`);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('sends no body with GET', () => {
    for (const key of keys)
      if (routes[key].method === 'GET')
        expect({ key, body: 'body' in routes[key] }).toEqual({ key, body: false });
  });

  it('fills path params, encoding each as one segment, and refuses a missing one', () => {
    expect(pathOf(endpoints.customerGet, { id: 7 })).toBe('/api/Customer/7');
    expect(pathOf(endpoints.mapStyle, { name: 'a/b c' })).toBe('/map/style/a%2Fb%20c');
    expect(() => pathOf(endpoints.customerGet, {})).toThrow(':id');
  });

  it('infers arguments and answers from the schemas', () => {
    expectTypeOf<RouteData<Routes['locationList']>>().toEqualTypeOf<TLocation[]>();
    expectTypeOf<RouteArgs<Routes['customerGet']>>().toEqualTypeOf<{ params: { id: number } }>();
    expectTypeOf<RouteArgs<Routes['locationUpdate']>>().toEqualTypeOf<{ body: TLocationInput }>();
    // a query whose fields are all optional may be left out
    expectTypeOf<RouteArgs<Routes['auditDeadLetters']>>().toMatchTypeOf<{ query?: { count?: number } }>();
    // a raw answer has no data type
    expectTypeOf<RouteData<Routes['weatherStationImage']>>().toBeNever();
  });
});
