// Topic authorisation on the embedded broker (issue 5 'Devices speak MQTT'; devices/README.md). Devices
// have no credentials of their own yet, so the broker cannot tell one siren from another; what it enforces
// is who may speak on which kind of topic. Only the gateway, which signs in with a secret made at each
// start, publishes siren commands and subscribes with wildcards. Any other client may publish only a siren's
// ack or telemetry, a PA unit's ack or a station's reading (at most MAX_DEVICE_PAYLOAD_BYTES, never retained), and
// subscribe only to one siren's or PA unit's command topic. An external broker (MQTT_URL) enforces its own rules.
import { timingSafeEqual } from 'node:crypto';
import type { AedesOptions, Client } from 'aedes';
import { MAX_DEVICE_PAYLOAD_BYTES, parsePaTopic, parseSirenTopic, parseStationTopic } from './topics.ts';

/** The gateway's user name on the embedded broker; its password is made at each start. */
export const GATEWAY_USERNAME = 'allclear-gateway';
/** Client ids of the gateway start with this; no other client may take one (that would take over its session). */
export const GATEWAY_CLIENT_ID_PREFIX = 'allclear-gateway-';

/** Why the broker closed a device's connection (it logs them). */
export class DeviceRefusal extends Error {}

function isDevicePublishTopic(topic: string): boolean {
  const siren = parseSirenTopic(topic);
  if (siren) return siren.channel !== 'command';
  const pa = parsePaTopic(topic);
  if (pa) return pa.channel === 'ack';
  return parseStationTopic(topic) !== null;
}

/** The broker's authenticate and authorize handlers, with `gatewayPassword` as the gateway's secret. */
export function brokerAuthorisation(
  gatewayPassword: string,
): Required<Pick<AedesOptions, 'authenticate' | 'authorizePublish' | 'authorizeSubscribe'>> {
  const secret = Buffer.from(gatewayPassword, 'utf8');
  const gateways = new WeakSet<Client>();

  return {
    authenticate(client, username, password, done) {
      if (username === GATEWAY_USERNAME) {
        const ok = !!password && password.length === secret.length && timingSafeEqual(password, secret);
        if (ok) gateways.add(client);
        return done(null, ok);
      }
      done(null, !client.id.startsWith(GATEWAY_CLIENT_ID_PREFIX));
    },
    authorizePublish(client, packet, done) {
      if (client && gateways.has(client)) {
        return done(packet.topic.startsWith('$SYS') ? new DeviceRefusal('$SYS topics are reserved') : null);
      }
      if (!isDevicePublishTopic(packet.topic)) {
        return done(new DeviceRefusal(`a device may not publish on ${packet.topic}`));
      }
      const size =
        typeof packet.payload === 'string' ? Buffer.byteLength(packet.payload) : packet.payload.length;
      if (size > MAX_DEVICE_PAYLOAD_BYTES) {
        return done(new DeviceRefusal(`${size} bytes on ${packet.topic}, over ${MAX_DEVICE_PAYLOAD_BYTES}`));
      }
      // a retained reading or ack would be replayed to the gateway at each of its reconnections
      packet.retain = false;
      done(null);
    },
    authorizeSubscribe(client, subscription, done) {
      if (gateways.has(client)) return done(null, subscription);
      // a device may subscribe to one siren's or PA unit's command topic; anything else (a wildcard, another
      // channel, $SYS) is refused in the SUBACK (0x80) without closing the connection
      const ownCommands =
        parseSirenTopic(subscription.topic)?.channel === 'command' ||
        parsePaTopic(subscription.topic)?.channel === 'command';
      done(null, ownCommands ? subscription : null);
    },
  };
}
