// A virtual relay board for the simulator and tests (issue 16): a real HTTP server on loopback that speaks the board
// protocol relay-board.ts reads (GET /state.xml, GET /state.xml?relayNState=1|0), so a relay is switched by the path
// a real board's is. Taken off line it stops listening (connections are refused), as a board without power.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface VirtualRelayBoard {
  /** `http://127.0.0.1:{port}`. */
  readonly baseUrl: string;
  /** Relay states, channel (1-based) → on. */
  readonly states: ReadonlyMap<number, boolean>;
  readonly online: boolean;
  setOnline(online: boolean): Promise<void>;
  stop(): Promise<void>;
}

function stateXml(states: ReadonlyMap<number, boolean>): string {
  const rows = [...states].map(
    ([channel, on]) => `<relay${channel}state>${on ? 1 : 0}</relay${channel}state>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>\n<datavalues>\n${rows.join('\n')}\n</datavalues>\n`;
}

/** Starts a board with `channels` relays, all off, on a free loopback port. */
export async function startVirtualRelayBoard(channels = 4): Promise<VirtualRelayBoard> {
  const states = new Map<number, boolean>();
  for (let c = 1; c <= channels; c++) states.set(c, false);
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://board');
    if (req.method !== 'GET' || url.pathname !== '/state.xml') {
      res.writeHead(404).end();
      return;
    }
    for (const [key, value] of url.searchParams) {
      const m = /^relay(\d{1,2})State$/.exec(key);
      if (!m || !states.has(Number(m[1])) || (value !== '0' && value !== '1')) {
        res.writeHead(400).end();
        return;
      }
      states.set(Number(m[1]), value === '1');
    }
    res
      .writeHead(200, { 'content-type': 'text/xml; charset=utf-8', connection: 'close' })
      .end(stateXml(states));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  let online = true;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    states,
    get online() {
      return online;
    },
    async setOnline(next) {
      if (next === online) return;
      online = next;
      if (next) await listen(port);
      else await close();
    },
    async stop() {
      if (online) await close();
      online = false;
    },
  };
}
