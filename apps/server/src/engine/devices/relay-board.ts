// Network relay boards over HTTP (issue 16 'Relays'): the common industrial kind (ControlByWeb-style WebRelay),
// whose state is read with `GET /state.xml` (relayNstate elements, 1 on, 0 off) and set with
// `GET /state.xml?relayNState=1|0` (which answers the new state). A board is reached only at the address configured
// on its unit (SSRF: the caller never names a URL; see relay.service.ts), with no redirects followed, a short timeout
// and a bounded answer, so a board that is down or slow fails the call rather than holding it.

/** How long one board request may take, ms. */
export const RELAY_BOARD_TIMEOUT_MS = 3_000;
/** Largest answer read from a board, bytes (a state document is a few hundred). */
export const MAX_BOARD_ANSWER_BYTES = 64 * 1024;
/** Relay channels a board may have. */
export const MAX_RELAY_CHANNELS = 32;

/** A board that did not answer, or answered something that is not its state. */
export class RelayBoardError extends Error {}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const HOST_NAME =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const IPV6 = /^\[[0-9A-Fa-f:.]{2,45}\]$/;

/**
 * `http://{address}` for a unit's configured board address: an IPv4 address, a bracketed IPv6 address or a host name,
 * with an optional port; null for anything else (a scheme, a path, user info, a query), so a stored value can never
 * turn the request into another URL.
 */
export function boardBaseUrl(address: string): string | null {
  const m = /^(.*?)(?::(\d{1,5}))?$/.exec(address);
  if (!m) return null;
  const host = m[1]!;
  const port = m[2] === undefined ? null : Number(m[2]);
  if (port !== null && (port < 1 || port > 65_535)) return null;
  // a name whose last label is a number is an IPv4 address to a URL parser ('256.1.1.1', '0x7f.1'): only real ones
  if (/(^|\.)(\d+|0x[0-9a-f]*)$/i.test(host) && !IPV4.test(host)) return null;
  if (!IPV4.test(host) && !IPV6.test(host) && !HOST_NAME.test(host)) return null;
  return `http://${host}${port === null ? '' : `:${port}`}`;
}

/** The relay states of a board's state document: channel (1-based) → on. */
export function parseRelayStates(xml: string): Map<number, boolean> {
  const states = new Map<number, boolean>();
  for (const m of xml.matchAll(/<relay(\d{1,2})state>\s*([01])\s*<\/relay\1state>/gi)) {
    const channel = Number(m[1]);
    if (channel >= 1 && channel <= MAX_RELAY_CHANNELS) states.set(channel, m[2] === '1');
  }
  return states;
}

async function readBounded(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BOARD_ANSWER_BYTES) {
      await reader.cancel();
      throw new RelayBoardError(`the board's answer is over ${MAX_BOARD_ANSWER_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function stateRequest(baseUrl: string, query: string): Promise<Map<number, boolean>> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/state.xml${query}`, {
      redirect: 'error',
      signal: AbortSignal.timeout(RELAY_BOARD_TIMEOUT_MS),
      headers: { accept: 'application/xml, text/xml' },
    });
  } catch (err) {
    throw new RelayBoardError(`the relay board at ${baseUrl} did not answer: ${(err as Error).message}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new RelayBoardError(`the relay board at ${baseUrl} answered ${response.status}`);
  }
  const states = parseRelayStates(await readBounded(response));
  if (states.size === 0) throw new RelayBoardError(`the relay board at ${baseUrl} sent no relay states`);
  return states;
}

/** Reads every relay's state of the board at `baseUrl`. */
export function readRelayBoard(baseUrl: string): Promise<Map<number, boolean>> {
  return stateRequest(baseUrl, '');
}

/** Switches relay `channel` of the board on or off; answers the board's states after the change. */
export async function setBoardRelay(
  baseUrl: string,
  channel: number,
  on: boolean,
): Promise<Map<number, boolean>> {
  if (!Number.isInteger(channel) || channel < 1 || channel > MAX_RELAY_CHANNELS)
    throw new RelayBoardError(`relay channel ${channel} is not one of a board's`);
  const states = await stateRequest(baseUrl, `?relay${channel}State=${on ? 1 : 0}`);
  if (states.get(channel) !== on)
    throw new RelayBoardError(
      `the relay board at ${baseUrl} did not switch relay ${channel} ${on ? 'on' : 'off'}`,
    );
  return states;
}

/** The base URL of the board at a unit's address: the directory's (virtual boards in simulator mode) or the real one. */
export async function relayBoardUrlFor(
  devices: { relayBoardUrl(address: string): Promise<string> } | undefined,
  address: string,
): Promise<string> {
  if (devices) return devices.relayBoardUrl(address);
  const base = boardBaseUrl(address);
  if (base === null) throw new RelayBoardError(`'${address}' is not a device address`);
  return base;
}
