// SSRF checks for customer-supplied URLs (ASVS 5.0 V1.3): the host is resolved at send time and every
// address must be public; the connection then goes to the checked address (no second lookup).
import { lookup } from 'node:dns/promises';
import { isIP, BlockList } from 'node:net';
import { PermanentDeliveryError } from './types.ts';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** True for 127.0.0.0/8 and ::1 (and their IPv4-mapped forms). */
export function isLoopbackAddress(address: string): boolean {
  const v4 = mappedV4(address);
  return v4 ? loopback.check(v4, 'ipv4') : loopback.check(address, 'ipv6');
}

/** True for private, link-local, shared, multicast, reserved and unspecified ranges (loopback excluded). */
export function isPrivateAddress(address: string): boolean {
  const v4 = mappedV4(address);
  if (v4) return blocked.check(v4, 'ipv4');
  return isIP(address) === 6 && blocked.check(address, 'ipv6');
}

function mappedV4(address: string): string | null {
  if (isIP(address) === 4) return address;
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m ? m[1]! : null;
}

/** Resolves a URL's host and returns the address to connect to, or refuses it (final, not retried). */
export async function checkedAddress(
  url: URL,
  allowLoopback: boolean,
): Promise<{ address: string; family: 4 | 6 }> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new PermanentDeliveryError(`refused URL scheme ${url.protocol}`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) as 4 | 6 }]
    : ((await lookup(host, { all: true })) as { address: string; family: 4 | 6 }[]);
  if (addresses.length === 0) throw new Error(`no address for ${host}`);
  for (const a of addresses) {
    if (isLoopbackAddress(a.address) ? !allowLoopback : isPrivateAddress(a.address)) {
      throw new PermanentDeliveryError(
        `refused address ${a.address} of ${host}: private, loopback or link-local`,
      );
    }
  }
  return addresses[0]!;
}
