// Which routes the read lane may answer, from the hooks Fastify runs for them (their context): only those whose every
// hook it knows and does itself; anything else, however named, keeps the route in Fastify's pipeline.
import { describe, expect, it } from 'vitest';
import { refusal, type LaneTarget } from './read-lane.ts';

const target: LaneTarget = { handler: async () => ({}), body: () => '{}' };
const named = (name: string) => {
  const fn = () => undefined;
  Object.defineProperty(fn, 'name', { value: name });
  // Fastify binds each hook to its instance
  return fn.bind(null);
};
const readContext = (hooks: Record<string, unknown[] | null> = {}, more: object = {}) => ({
  config: { lane: target },
  onRequest: [named('setDataHeaders'), named('documentHeadersOn404'), named('authenticateHook')],
  preHandler: [named('checkDevFaults')],
  onResponse: [named('logAnswered')],
  onSend: null,
  ...hooks,
  ...more,
});

describe('refusal', () => {
  it("lets a route-table read through whose hooks are the lane's own", () => {
    expect(refusal(readContext())).toBeUndefined();
    expect(
      refusal(readContext({ onRequest: [named('setDataHeaders'), named('signedOrToken')] })),
    ).toBeUndefined();
  });

  it('refuses a route with any other hook, an anonymous one, or one in another phase', () => {
    const extra = [named('setDataHeaders'), named('authenticateHook'), named('loopbackOnly')];
    expect(refusal(readContext({ onRequest: extra }))).toBe('its onRequest hook loopbackOnly');
    expect(refusal(readContext({ onRequest: [named('setDataHeaders'), () => undefined] }))).toBe(
      'its onRequest hook anonymous',
    );
    expect(refusal(readContext({ onSend: [named('logAnswered')] }))).toBe('its onSend hook logAnswered');
    expect(refusal(readContext({ preValidation: [named('checkDevFaults')] }))).toBe(
      'its preValidation hook checkDevFaults',
    );
  });

  it("refuses what is not a route-table read, a document's headers, a header schema", () => {
    expect(refusal(readContext({}, { config: {} }))).toBe('not a route-table read');
    expect(refusal(readContext({ onRequest: [named('setDocumentHeaders')] }))).toBe('not a data answer');
    expect(refusal(readContext({}, { schema: { headers: {} } }))).toBe('a header schema');
  });
});
