// GET /stream/Hardware on the real app and a real socket (issue 16 'live updates when a device reports'): a report of
// a unit of the caller's customer ('hardware-changed' on the bus, as the gateway publishes after a siren's telemetry
// or ack, or a station's reading) reaches the stream at once; another customer's does not; a Customer, who may not
// see the Hardware page, is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** Opens the stream as `userId`; `next()` resolves with the next named event's data. */
async function openStream(userId: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/stream/Hardware`, {
    headers: { authorization: `Bearer ${await t.tokenFor(userId)}` },
    signal: controller.signal,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    status: res.status,
    async next(): Promise<{ event: string; data: unknown }> {
      for (;;) {
        const block = /event: (\S+)\ndata: (.*)\n\n/.exec(buffer);
        if (block) {
          buffer = buffer.slice(block.index + block[0].length);
          return { event: block[1]!, data: JSON.parse(block[2]!) };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    close: () => controller.abort(),
  };
}

describe('the hardware stream', () => {
  it("tells an admin of each report of their customer's units, and nothing of another customer's", async () => {
    const stream = await openStream(t.a.admin.id);
    expect(stream.status).toBe(200);
    try {
      const next = stream.next();
      t.bus.publish('hardware-changed', { customerId: t.b.customer.id, hardwareId: 99 });
      t.bus.publish('hardware-changed', { customerId: t.a.customer.id, hardwareId: 7 });
      await expect(next).resolves.toEqual({ event: 'hardware', data: { hardwareId: 7 } });
    } finally {
      stream.close();
    }
  });

  it('refuses a Customer', async () => {
    const res = await fetch(`${base}/stream/Hardware`, {
      headers: { authorization: `Bearer ${await t.tokenFor(t.a.customerUser.id)}` },
    });
    expect(res.status).toBe(403);
    await res.body?.cancel();
  });
});
